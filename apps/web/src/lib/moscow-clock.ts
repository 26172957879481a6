// Apart from format-date.ts, which comes with the ticket pages' parts: the converter of the home
// page says when its price was read, and the home page's first scripts have a budget (issue 43).
let moscow: Intl.DateTimeFormat | null = null;

/**
 * Hours, minutes and seconds in Moscow, 24-hour: "14:05:12" (a price's time). One zone for every
 * reader, so the page the server draws and the one the browser takes over say the same.
 */
export function formatMoscowClock(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  moscow ??= new Intl.DateTimeFormat('ru-RU', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Moscow',
  });
  return moscow.format(date);
}
