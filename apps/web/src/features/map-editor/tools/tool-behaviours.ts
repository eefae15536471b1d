import type { ToolName } from '../model/editor-state.ts';
import { adjustImageTool } from './adjust-image-tool.ts';
import { panTool } from './pan-tool.ts';
import { placePathTool } from './place-path-tool.ts';
import { placePointTool } from './place-point-tool.ts';
import { selectTool } from './select-tool.ts';
import type { ToolBehaviour } from './tool.ts';

/** One behaviour per tool, each with its own gesture state. */
export const createToolBehaviours = (): Record<ToolName, ToolBehaviour> => ({
  select: selectTool(),
  pan: panTool(),
  point: placePointTool(),
  path: placePathTool(),
  image: adjustImageTool(),
});
