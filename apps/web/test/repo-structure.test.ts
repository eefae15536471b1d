// The house rules on the shape of the code, checked on the whole repository (every workspace,
// scripts, e2e and bench), like the locale-parity test checks the words: web features never
// import each other (they compose in `apps/web/src/app/`), no import cycles, no source file over
// 300 lines. It lives in the web project so that `npm test`'s unit step runs it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crossFeatureImports,
  featureOf,
  importCycles,
  importGraph,
  importSpecifiers,
  lineCount,
  readSources,
  resolveImport,
} from './source-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FEATURES = 'apps/web/src/features';
const MAX_LINES = 300;

const sources = readSources(ROOT);
const graph = importGraph(sources);

describe('the repository’s structure', () => {
  it('reads the sources of every workspace', () => {
    const top = new Set(sources.map((s) => s.file.split('/').slice(0, 2).join('/')));
    for (const dir of [
      'apps/server',
      'apps/web',
      'packages/protocol',
      'tools/robot-sim',
      'scripts/start.mjs',
      'e2e/dashboard.spec.ts',
      'bench/scale',
    ])
      expect(top, dir).toContain(dir);
    expect(sources.some((s) => s.file.includes('node_modules') || s.file.includes('/dist/'))).toBe(false);
    // The graph sees the features compose in app/ (a lazy page and a static import).
    expect(graph.get('apps/web/src/app/route-table.tsx')).toContain(`${FEATURES}/users/components/users-page.tsx`);
    expect(graph.get('apps/web/src/app/track-map-route.tsx')).toContain(`${FEATURES}/map-editor/components/map-editor-page.tsx`);
  });

  it('has no import between two web features (features compose in apps/web/src/app/)', () => {
    const found = crossFeatureImports(graph, FEATURES);
    expect(
      found,
      `features import each other (move the composition to app/, or the shared piece to components/ or lib/):\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    const cycles = importCycles(graph).map((cycle) => cycle.join(' → '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines, tests included`, () => {
    const large = sources.filter((s) => lineCount(s.text) > MAX_LINES).map((s) => `${s.file} (${lineCount(s.text)} lines)`);
    expect(large, `source files over ${MAX_LINES} lines (split them):\n${large.join('\n')}`).toEqual([]);
  });
});

describe('the structure checks themselves', () => {
  it('find every kind of import, and none in comments', () => {
    const text = [
      "import { a,\n  b } from './multi-line.ts';",
      "import type { T } from '../types.ts';",
      "import './side-effect.ts';",
      "export { c } from './re-export.ts';",
      "export * from './star.ts';",
      "const page = lazy(() => import('./lazy-page.tsx'));",
      "let u: import('./type-position.ts').Update;",
      "import raw from './text.md?raw';",
      "// import { x } from './commented.ts';",
      "/* import('./block-commented.ts') */",
      "const words = Array.from('abc');",
    ].join('\n');
    expect(importSpecifiers(text).sort()).toEqual(
      [
        './multi-line.ts',
        '../types.ts',
        './side-effect.ts',
        './re-export.ts',
        './star.ts',
        './lazy-page.tsx',
        './type-position.ts',
        './text.md?raw',
      ].sort(),
    );
  });

  it('resolve relative paths only, with or without an extension', () => {
    const files = new Set(['a/b/c.ts', 'a/d.tsx', 'a/e/index.ts']);
    expect(resolveImport('a/b/x.ts', './c.ts', files)).toBe('a/b/c.ts');
    expect(resolveImport('a/b/x.ts', '../d', files)).toBe('a/d.tsx');
    expect(resolveImport('a/b/x.ts', '../e', files)).toBe('a/e/index.ts');
    expect(resolveImport('a/b/x.ts', '@railserve/protocol', files)).toBeNull();
    expect(resolveImport('a/b/x.ts', '../global.css', files)).toBeNull();
  });

  it('report a cycle of any length as the path that closes it, and no cycle where there is none', () => {
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['self.ts', ['self.ts']],
    ]);
    expect(importCycles(cyclic)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['self.ts', 'self.ts'],
    ]);
    const diamond = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['d.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', []],
    ]);
    expect(importCycles(diamond)).toEqual([]);
  });

  it('tell a feature’s own imports from another feature’s', () => {
    const web = new Map([
      [`${FEATURES}/dashboard/components/page.tsx`, [`${FEATURES}/dashboard/model/sum.ts`, `${FEATURES}/robots/api/list.ts`]],
      ['apps/web/src/app/route.tsx', [`${FEATURES}/robots/api/list.ts`, `${FEATURES}/dashboard/components/page.tsx`]],
      [`${FEATURES}/robots/api/list.ts`, ['apps/web/src/lib/api-client.ts']],
    ]);
    expect(crossFeatureImports(web, FEATURES)).toEqual([
      `${FEATURES}/dashboard/components/page.tsx → ${FEATURES}/robots/api/list.ts`,
    ]);
    expect(featureOf('apps/web/src/features-extra/x.ts', FEATURES)).toBeNull();
  });

  it('count lines, a last line without its newline too', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb\n'), lineCount('a\n\nb')]).toEqual([0, 1, 1, 2, 3]);
  });
});
