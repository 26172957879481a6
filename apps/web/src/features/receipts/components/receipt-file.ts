import type { SignedReceipt } from '@obmen/shared/contracts';

/** Saves a signed receipt as `receipt-<number>.json`, exactly as the server signed it (pretty-printed: the signature covers its canonical form). */
export function saveReceiptFile(signed: SignedReceipt): void {
  const blob = new Blob([`${JSON.stringify(signed, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `receipt-${signed.receipt.ticket}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; give it a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
