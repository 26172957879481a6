import type { Lang, ReviewLink } from '@obmen/shared';

/** What the success mail adds (issue 48): where the signed receipt is, and the monitors to review the exchange on. */
export function receiptMailLines(lang: Lang, receiptLink: string, reviews: ReviewLink[]): string[] {
  const en = lang === 'en';
  const lines = [
    en
      ? `Your signed receipt (to print, download or check at /verify): ${receiptLink}`
      : `Подписанная квитанция (распечатать, скачать, проверить на /verify): ${receiptLink}`,
  ];
  if (reviews.length > 0) {
    const list = reviews.map((review) => `${review.name}: ${review.url}`).join('\n');
    lines.push(
      en
        ? `If you liked the exchange, please leave a review on a monitor:\n${list}`
        : `Если обмен понравился, оставьте, пожалуйста, отзыв на мониторинге:\n${list}`,
    );
  }
  return lines;
}
