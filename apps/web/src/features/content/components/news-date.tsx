import type { Lang } from '@obmen/shared/i18n';
import { formatDate } from '../../../lib/format-date';
import { useTimeZone } from '../../../hooks/use-time-zone';

/** "5 ноября 2026 г." / "5 November 2026", machine-readable for search engines and assistive tech. */
export function NewsDate({ iso, lang, className }: { iso: string; lang: Lang; className?: string }) {
  const zone = useTimeZone();
  return (
    <time dateTime={iso} className={className}>
      {formatDate(iso, lang, 'long', zone)}
    </time>
  );
}
