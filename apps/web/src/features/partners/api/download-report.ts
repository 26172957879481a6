import { apiFile } from '../../../lib/api-client';

/**
 * GET /api/v1/Partner/report.csv, saved as a file. The call carries the session's token, which a
 * plain link cannot: the text comes back and is handed to the browser as a download.
 */
export async function downloadPartnerReport(range: { from: string; to: string }): Promise<void> {
  const text = await apiFile('/api/v1/Partner/report.csv', range);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `obmen-partner-${range.from.slice(0, 10)}-${range.to.slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
