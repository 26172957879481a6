import { expect, test } from '@playwright/test';
import { openConsole } from '../support/console';
import { coinTicket, createTicketByApi, operatorActs, operatorToken } from '../support/tickets';

const HASH = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a bitcoin payout's transaction hash links to the explorer on the ticket page and in the console; a transfer number stays text`, async ({
    page,
    request,
  }) => {
    // Two tickets taken to success through the operator's API before any page opens.
    test.slow();
    const paid = await coinTicket(request, { lang });
    await operatorActs(request, paid.id, 'markPaid');
    await operatorActs(request, paid.id, 'complete', { payoutReference: HASH });
    // A card payout keeps a transfer number (a coin payout needs its hash, issue 35).
    const other = await createTicketByApi(request, {
      give: 'BTC',
      get: 'SBERRUB',
      sum: '0.01',
      lang,
      requisites: { get: { cardNumber: '2202 2000 0000 0008', fullName: 'Иван Петров' } },
    });
    await operatorActs(request, other.id, 'markPaid');
    await operatorActs(request, other.id, 'complete', { payoutReference: 'e2e-transfer-4471' });

    await page.goto(`/${lang}/ticket/${paid.id}`);
    // Under the outcome ("sent") and in the ticket's details: the same link both times.
    const links = page.getByRole('main').getByRole('link', { name: HASH });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', `https://mempool.space/tx/${HASH}`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    await page.goto(`/${lang}/ticket/${other.id}`);
    await expect(page.getByRole('main').getByText('e2e-transfer-4471').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /e2e-transfer-4471/ })).toHaveCount(0);

    await openConsole(page, `/admin/tickets/${paid.id}`, await operatorToken(request), lang);
    await expect(page.getByRole('link', { name: HASH })).toHaveAttribute('href', `https://mempool.space/tx/${HASH}`);
  });
}
