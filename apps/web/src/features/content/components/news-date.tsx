import type { Lang } from '@obmen/shared/i18n';
import { formatDate } from '../../../lib/format-date';
import { useTimeZone } from '../../../hooks/use-time-zone';

/** "5 ноября 2026 г." / "5 November 2026", machine-readable for search engines and assistive tech. */
export function NewsDate({ iso, lang, className }: { iso: string; lang: Lang; className?: string }) {
  const zone = useTimeZone();
  return (
    // Intl's words may differ between the server's Node and a browser: taken as drawn at hydration.
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {formatDate(iso, lang, 'long', zone)}
    </time>
  );
}
