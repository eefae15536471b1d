import { useUrlState } from '../../../lib/url-params.ts';
import { parseRobotFilters } from './robot-filters.ts';

export const useRobotFilters = () => useUrlState(parseRobotFilters);
