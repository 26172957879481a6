import type { Lang } from '@obmen/shared/i18n';

const FORMATS: Record<Lang, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
};

/** "5 ноября 2026 г." / "5 November 2026", machine-readable for search engines and assistive tech. */
export function NewsDate({ iso, lang, className }: { iso: string; lang: Lang; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {FORMATS[lang].format(new Date(iso))}
    </time>
  );
}
