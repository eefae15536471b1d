import { useUrlState } from '../../../lib/url-params.ts';
import { parseRobotFilters } from '../model/robot-filters.ts';

export const useRobotFilters = () => useUrlState(parseRobotFilters);
