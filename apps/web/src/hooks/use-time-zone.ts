import { DRAWN_TIME_ZONE } from '../lib/format-date';
import { useHydrated } from './use-hydrated';

/**
 * The zone to write dates in: the exchange's own while the server draws a page and while the
 * browser hydrates it (the server does not know the reader's, and both must say the same), the
 * reader's (undefined) from then on and in pages the browser draws itself.
 */
export function useTimeZone(): string | undefined {
  return useHydrated() ? undefined : DRAWN_TIME_ZONE;
}
