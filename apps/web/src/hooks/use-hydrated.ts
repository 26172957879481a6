import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true after (and
 * at once in a page the browser draws itself): what only the browser knows (its storage) is
 * applied after hydration, so the first picture matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
