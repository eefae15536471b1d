import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseRobotFilters, type RobotFilters } from './robot-filters.ts';

export function useRobotFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseRobotFilters(search), [search]);
  const update = useCallback(
    (patch: Partial<RobotFilters>) => {
      const entries = Object.entries({ ...filters, ...patch }).filter(([, v]) => v !== undefined && v !== '');
      setSearch(new URLSearchParams(entries.map(([k, v]) => [k, String(v)])), { replace: true });
    },
    [filters, setSearch],
  );
  return [filters, update] as const;
}
