import { useMatches } from 'react-router';

export type RouteHandle = { titleKey?: string };

/** Locale key of the current route's title (each route carries it in its `handle`). */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}
