import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { coinTicket, operatorActs } from '../support/tickets';

// Issue 48, "done when": changing one byte of a receipt makes /verify say invalid.
const PAYOUT_TX = '7c1f0a4be2d95e3b8a6f04c2d1e7b9a35f8e2c6d4b0a9f1e3d5c7b9a1f2e4d6c';

const SAY = {
  ru: {
    offer: 'Подписанная квитанция',
    open: 'Открыть квитанцию',
    download: 'Скачать JSON',
    receiptTitle: /Квитанция об обмене № \d+/,
    verifyTitle: 'Проверка квитанции',
    file: 'Или выберите файл',
    label: 'Квитанция (JSON)',
    check: 'Проверить',
    valid: 'Подлинная. Квитанция подлинная',
    altered: 'Не подлинная. Содержимое квитанции изменено после подписи',
  },
  en: {
    offer: 'Signed receipt',
    open: 'Open the receipt',
    download: 'Download JSON',
    receiptTitle: /Receipt for exchange No\. \d+/,
    verifyTitle: 'Check a receipt',
    file: 'Or choose the file',
    label: 'Receipt (JSON)',
    check: 'Check',
    valid: 'Valid. The receipt is genuine',
    altered: 'Not valid. The receipt was changed after it was signed',
  },
} as const;

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a completed ticket's receipt downloads and /verify says valid; one byte changed, invalid and why`, async ({
    page,
    request,
  }) => {
    test.slow();
    const say = SAY[lang];
    const ticket = await coinTicket(request, { lang });
    await operatorActs(request, ticket.id, 'markPaid');
    await operatorActs(request, ticket.id, 'complete', { payoutReference: PAYOUT_TX });

    await page.goto(`/${lang}/ticket/${ticket.id}`);
    const offer = page.getByTestId('receipt-offer');
    await expect(offer.getByRole('heading', { name: say.offer })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      offer.getByRole('button', { name: say.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt-\d+\.json$/);
    const file = await download.path();
    const text = await readFile(file, 'utf8');
    const signed = JSON.parse(text) as { receipt: { txids: { payout: string }; get: { amount: string } } };
    expect(signed.receipt.txids.payout).toBe(PAYOUT_TX);

    // The printable page shows the same receipt.
    await offer.getByRole('link', { name: say.open }).click();
    await expect(page.getByRole('heading', { level: 1, name: say.receiptTitle })).toBeVisible();
    await expect(page.getByTestId('receipt-sheet')).toContainText(PAYOUT_TX);

    // /verify is drawn by the server with the published keys; the downloaded file checks as valid.
    await page.goto(`/${lang}/verify`);
    await expect(page.getByRole('heading', { level: 1, name: say.verifyTitle })).toBeVisible();
    await expect(page.getByTestId('receipt-keys')).toBeVisible();
    await page.getByLabel(say.file).setInputFiles(file);
    await expect(page.getByTestId('verdict')).toContainText(say.valid);

    // One byte of the received amount changed: invalid, because the content was altered.
    const amount = signed.receipt.get.amount;
    const lastDigit = amount.at(-1) === '1' ? '2' : '1';
    const altered = text.replace(`"amount": "${amount}"`, `"amount": "${amount.slice(0, -1)}${lastDigit}"`);
    expect(altered).not.toBe(text);
    await page.getByLabel(say.label).fill(altered);
    await page.getByRole('button', { name: say.check, exact: true }).click();
    await expect(page.getByTestId('verdict')).toContainText(say.altered);
  });
}

test('/verify is drawn by the server: without JavaScript it shows its form and the keys the well-known file publishes', async ({
  browser,
  baseURL,
  request,
}) => {
  const published = await request.get('/.well-known/obmen-receipt-keys.json');
  expect(published.status()).toBe(200);
  const { keys } = (await published.json()) as { keys: { kid: string; kty: string; crv: string; x: string }[] };
  expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  try {
    const page = await context.newPage();
    const response = await page.goto('/en/verify');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Check a receipt' })).toBeVisible();
    await expect(page.getByLabel('Receipt (JSON)')).toBeVisible();
    await expect(page.getByTestId('receipt-keys')).toContainText(keys[0]!.kid);
    await expect(page.getByTestId('receipt-keys')).toContainText(keys[0]!.x);
  } finally {
    await context.close();
  }
});
