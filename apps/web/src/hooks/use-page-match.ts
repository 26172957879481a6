import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { matchPageRoute, type PageMatch } from '@obmen/shared/routing';

/** The site's page at the current address (shared page table), or null on the not-found page. */
export function usePageMatch(): PageMatch | null {
  const { pathname } = useLocation();
  return useMemo(() => matchPageRoute(pathname), [pathname]);
}
