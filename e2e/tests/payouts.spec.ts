import { createHash } from 'node:crypto';
import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeBinance, type FakeBinance } from '../../apps/server/test/fake-binance';
import { payment, startFakeEsplora, ZPUB, type FakeEsplora } from '../../apps/server/test/fake-esplora';
import { PASSWORD, signUpCode } from '../support/accounts';
import { randomAddress } from '../support/addresses';
import { openConsole } from '../support/console';
import { converter } from '../support/converter';
import { ADMIN, contextOn, staffSession, startOwnServer, type OwnServer } from '../support/own-server';
import { createQuotedTicket, unique } from '../support/tickets';

// Issue 44 end to end: BTC → USDT TRC20 tickets paid on a (fake) bitcoin chain are paid out by a
// (fake) Binance account by themselves, within the limits the admin sets in the console; over the
// per-ticket limit one operator approves, above the four-eyes threshold two different ones.
// Its own server: the chain is read every 5 s and payouts go out every second, which the shared
// server must not do under the other specs.

const TRON_ADDRESS = 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H';
// At the seeded rate (~93 700 USDT a bitcoin): 0.001 BTC goes out alone, 0.003 BTC needs one
// approval, 0.005 BTC two.
const LIMITS = { maxPerTicket: '150', fourEyesAbove: '400' };
const SUMS = { alone: '0.001', overLimit: '0.003', fourEyes: '0.005' };
// The customer's page asks again every 10 s (get-ticket.ts), the chain is read every 5 s.
const SEEN = { timeout: 25_000 };

interface ClientTicket {
  id: string;
  number: number;
  payoutReference: string | null;
  give: { sum: string };
  get: { sum: string };
  payTo: { label: string; value: string }[];
}

let server: OwnServer;
let binance: FakeBinance;
let chain: FakeEsplora;
let api: APIRequestContext;
let adminToken = '';
let secondLogin = '';
let secondToken = '';
let setUpSeconds = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const started = Date.now();
  binance = await startFakeBinance({ completeAfterMs: 0 });
  binance.setBalance('USDT', '100000');
  chain = await startFakeEsplora();
  server = await startOwnServer({
    CHAIN_WATCH: 'on',
    CHAIN_WATCH_SECONDS: '5',
    PAYOUTS: 'on',
    PAYOUT_SECONDS: '1',
  });
  api = await apiRequest.newContext({ baseURL: server.baseURL });
  adminToken = await staffSession(api, ADMIN.login, ADMIN.password);

  // A second operator: signs up, the admin makes them an operator, they turn two-factor on.
  secondLogin = unique('second_');
  const email = `${secondLogin}@obmen.test`;
  const from = { 'x-forwarded-for': randomAddress() };
  const registered = await api.post('/register', {
    headers: from,
    form: {
      username: secondLogin,
      email,
      emailCode: await signUpCode(api, email, from),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: 'true',
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const admin = { authorization: `Bearer ${adminToken}` };
  const found = await api.get('/api/admin/users', { headers: admin, params: { q: secondLogin } });
  const { items } = (await found.json()) as { items: { id: string; username: string }[] };
  const promoted = await api.patch(`/api/admin/users/${items.find((u) => u.username === secondLogin)!.id}`, {
    headers: admin,
    data: { role: 'operator' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  secondToken = await staffSession(api, secondLogin, PASSWORD);

  // Bitcoin deposits to an address per ticket, seen on the fake chain after one confirmation.
  const watched = await api.patch('/api/admin/currencies/BTC', {
    headers: admin,
    data: {
      watchMode: 'xpub',
      watchChain: 'bitcoin',
      watchXpub: ZPUB,
      watchApiUrl: chain.url,
      watchDecimals: 8,
      watchConfirmations: 1,
    },
  });
  expect(watched.status(), await watched.text()).toBe(200);
  setUpSeconds = ((Date.now() - started) / 1000).toFixed(1);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  chain?.close();
  binance?.close();
});

const ticketOf = async (id: string) => {
  const res = await api.get(`/api/v1/Tickets/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ClientTicket;
};

/** Exact decimal text without trailing zeros ("93.690" → "93.69"). */
const plain = (sum: string) => (sum.includes('.') ? sum.replace(/0+$/, '').replace(/\.$/, '') : sum);

/** The whole sum, to the ticket's own address, in the newest block: one confirmation. */
function payOnChain(ticket: ClientTicket) {
  const address = ticket.payTo[0]!.value;
  const [whole, fraction = ''] = ticket.give.sum.split('.');
  const sats = Number(BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0')));
  const txid = createHash('sha256').update(ticket.id).digest('hex');
  chain.txs.set(address, [payment(txid, address, sats, chain.tip, Math.floor(Date.now() / 1000))]);
}

/** What the fake Binance really sent for a ticket's first attempt: once, with the ticket's sum and address. */
function sentFor(ticket: ClientTicket) {
  const sent = binance.ledger().filter((w) => w.key === `obmen-${ticket.number}-1`);
  expect(sent).toHaveLength(1);
  expect(plain(sent[0]!.amount)).toBe(plain(ticket.get.sum));
  expect(sent[0]!.address).toBe(TRON_ADDRESS);
  expect(sent[0]!.txid).toBeTruthy();
  return sent[0]!;
}

async function expectSuccess(page: Page, ticket: ClientTicket) {
  const outcome = page.getByRole('main').getByRole('region', { name: 'Обмен выполнен' });
  await expect(outcome).toBeVisible(SEEN);
  const { txid } = sentFor(ticket);
  await expect(outcome.getByText(txid!, { exact: true })).toBeVisible();
  expect((await ticketOf(ticket.id)).payoutReference).toBe(txid);
}

test('USDT TRC20 paid out by Binance: alone within the limit, with one approval over it, with two above four eyes', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const timings: string[] = [];
  const since = Date.now();
  const mark = (what: string) => timings.push(`${what}: ${((Date.now() - since) / 1000).toFixed(1)} s`);

  const adminContext = await contextOn(browser, server.baseURL);
  const desk = await adminContext.newPage();
  await test.step('the admin has USDT TRC20 paid out by Binance within limits, in the console', async () => {
    await openConsole(desk, '/admin/payout-settings/USDTTRC20', adminToken);
    const form = desk.getByRole('region', { name: 'Выплаты USDTTRC20' });
    await form.getByLabel('Способ выплаты', { exact: true }).selectOption('binance');
    await form.getByLabel('Адрес API', { exact: true }).fill(binance.base);
    await form.getByLabel('Монета', { exact: true }).fill('USDT');
    await form.getByLabel('Сеть', { exact: true }).fill('TRX');
    await form.getByLabel('Ключ API', { exact: true }).fill(binance.apiKey);
    await form.getByLabel('Секрет API', { exact: true }).fill(binance.apiSecret);
    await form.getByLabel(/^Лимит на заявку/).fill(LIMITS.maxPerTicket);
    await form.getByLabel(/^Два оператора свыше/).fill(LIMITS.fourEyesAbove);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(desk.getByTestId('notification-success')).toContainText('Настройки выплат USDTTRC20 сохранены');
    await expect(desk.getByRole('row', { name: /USDTTRC20/ })).toContainText('Binance');
    mark('settings saved');
  });

  const customer = await contextOn(browser, server.baseURL);
  const alonePage = await customer.newPage();
  const alone = await test.step('a customer makes a ticket on the site and is shown its deposit address', async () => {
    await alonePage.goto('/ru/BTC--USDTTRC20');
    const ui = converter(alonePage, 'ru');
    await expect(ui.getAmount).not.toHaveValue('');
    const before = await ui.getAmount.inputValue();
    await ui.giveAmount.fill(SUMS.alone.replace('.', ','));
    await expect(ui.getAmount).not.toHaveValue(before);
    await ui.submit.click();
    const main = alonePage.getByRole('main');
    await main.getByLabel('Адрес USDT в сети TRON (TRC20)').fill(TRON_ADDRESS);
    await main.getByLabel('E-mail').fill(`${unique('payout')}@obmen.test`);
    await main.getByLabel(/условия AML\/KYC/).check();
    await main.getByLabel(/правилами обмена/).check();
    await main.getByRole('button', { name: 'Продолжить' }).click();
    await main.getByRole('button', { name: 'Подтвердить и создать заявку' }).click();
    await expect(main.getByRole('heading', { name: /Оплата заявки № \d+/ })).toBeVisible();
    await expect(main.getByText('Адрес для оплаты этой заявки')).toBeVisible();
    await expect(alonePage).toHaveURL(/\/ru\/ticket\/[^/]+\/payment_info$/);
    const id = decodeURIComponent(/\/ticket\/([^/]+)\/payment_info$/.exec(alonePage.url())![1]!);
    const ticket = await ticketOf(id);
    await expect(main.getByText(/^bc1q[02-9ac-hj-np-z]+$/)).toHaveText(ticket.payTo[0]!.value);
    expect(Number(ticket.get.sum)).toBeLessThanOrEqual(Number(LIMITS.maxPerTicket));
    return ticket;
  });

  // Two more of the customer's tickets, made as the site makes them and watched on their pages.
  const made = async (give: string) =>
    ticketOf(
      (
        await createQuotedTicket(api, {
          giveName: 'BTC',
          getName: 'USDTTRC20',
          giveSum: give,
          getSum: '0',
          email: `${unique('payout')}@obmen.test`,
          requisites: { give: {}, get: { walletAddress: TRON_ADDRESS } },
        })
      ).id,
    );
  const overLimit = await made(SUMS.overLimit);
  const fourEyes = await made(SUMS.fourEyes);
  expect(Number(overLimit.get.sum)).toBeGreaterThan(Number(LIMITS.maxPerTicket));
  expect(Number(overLimit.get.sum)).toBeLessThanOrEqual(Number(LIMITS.fourEyesAbove));
  expect(Number(fourEyes.get.sum)).toBeGreaterThan(Number(LIMITS.fourEyesAbove));
  const overLimitPage = await customer.newPage();
  const fourEyesPage = await customer.newPage();
  await overLimitPage.goto(`/ru/ticket/${overLimit.id}`);
  await fourEyesPage.goto(`/ru/ticket/${fourEyes.id}`);
  mark('three tickets made');

  // All three paid in one block; nobody touches the first.
  for (const ticket of [alone, overLimit, fourEyes]) payOnChain(ticket);
  const paidAt = Date.now();

  await test.step('within the limit: paid on the chain, sent by Binance, success with its txid, nobody acting', async () => {
    await expectSuccess(alonePage, alone);
    mark(`1. sent alone (${((Date.now() - paidAt) / 1000).toFixed(1)} s after the payment)`);
  });

  await test.step('over the limit: "being checked" for the customer, awaiting approval in the console', async () => {
    const progress = overLimitPage.getByTestId('payout-progress');
    await expect(progress).toHaveText('Выплата на проверке', SEEN);
    await overLimitPage.screenshot({ path: testInfo.outputPath('customer-being-checked.png'), fullPage: true });
    await expect(fourEyesPage.getByTestId('payout-progress')).toHaveText(/Выплата на проверке/, SEEN);

    await openConsole(desk, '/admin/ticket-payouts', adminToken);
    // The first went out with nobody's approval.
    const aloneRow = desk.getByTestId('payout-row').filter({ hasText: `№ ${alone.number}` });
    await expect(aloneRow).toContainText('Отправлена');
    await expect(aloneRow).not.toContainText('Одобрений');
    const row = desk.getByTestId('payout-row').filter({ hasText: `№ ${overLimit.number}` });
    await expect(row).toContainText('Ждёт одобрения');
    await expect(row).toContainText('Больше лимита на заявку');
    await expect(row).toContainText('Одобрений: 0 из 1');
    const fourEyesRow = desk.getByTestId('payout-row').filter({ hasText: `№ ${fourEyes.number}` });
    await expect(fourEyesRow).toContainText('Выше порога двух операторов');
    await expect(fourEyesRow).toContainText('Одобрений: 0 из 2');
    await desk.screenshot({ path: testInfo.outputPath('console-queue.png'), fullPage: true });
    // No withdrawal for either while they wait.
    expect(binance.withdrawalsFor(`obmen-${overLimit.number}-1`)).toBe(0);
    expect(binance.withdrawalsFor(`obmen-${fourEyes.number}-1`)).toBe(0);

    await row.getByRole('button', { name: `Одобрить (заявка № ${overLimit.number})` }).click();
    const dialog = desk.getByRole('dialog');
    await expect(dialog).toContainText('После вашего одобрения провайдер отправит её автоматически.');
    await dialog.getByRole('button', { name: 'Одобрить' }).click();
    await expect(desk.getByTestId('notification-success')).toContainText(
      `Выплата по заявке № ${overLimit.number} одобрена`,
    );
    await expectSuccess(overLimitPage, overLimit);
    mark('2. sent after one approval');
  });

  await test.step('above four eyes: the first approval leaves it waiting, the same operator cannot approve again, a second one sends it', async () => {
    const row = desk.getByTestId('payout-row').filter({ hasText: `№ ${fourEyes.number}` });
    const approve = row.getByRole('button', { name: `Одобрить (заявка № ${fourEyes.number})` });
    await approve.click();
    const dialog = desk.getByRole('dialog');
    await expect(dialog).toContainText('Перед отправкой её должен одобрить ещё один оператор.');
    await dialog.getByRole('button', { name: 'Одобрить' }).click();
    await expect(row).toContainText(`Одобрений: 1 из 2 · ${ADMIN.username}`);
    await expect(row).toContainText('Ждёт одобрения');
    await expect(approve).toBeDisabled();
    await expect(approve).toHaveAttribute('title', 'Вы уже одобрили: нужен второй оператор');
    // Nor through the API.
    const payouts = await api.get('/api/admin/ticket-payouts', {
      headers: { authorization: `Bearer ${adminToken}` },
      params: { q: String(fourEyes.number) },
    });
    const payoutId = ((await payouts.json()) as { items: { id: string; ticketNumber: number }[] }).items.find(
      (p) => p.ticketNumber === fourEyes.number,
    )!.id;
    const again = await api.post(`/api/admin/ticket-payouts/${payoutId}/approve`, {
      headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'ru' },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain('Вы уже одобрили эту выплату: нужно одобрение второго оператора');
    expect(binance.withdrawalsFor(`obmen-${fourEyes.number}-1`)).toBe(0);

    const secondContext = await contextOn(browser, server.baseURL);
    const second = await secondContext.newPage();
    await openConsole(second, '/admin/ticket-payouts', secondToken);
    const secondRow = second.getByTestId('payout-row').filter({ hasText: `№ ${fourEyes.number}` });
    await expect(secondRow).toContainText(`Одобрений: 1 из 2 · ${ADMIN.username}`);
    await secondRow.getByRole('button', { name: `Одобрить (заявка № ${fourEyes.number})` }).click();
    const secondDialog = second.getByRole('dialog');
    await expect(secondDialog).toContainText('После вашего одобрения провайдер отправит её автоматически.');
    await secondDialog.getByRole('button', { name: 'Одобрить' }).click();
    await expectSuccess(fourEyesPage, fourEyes);
    await expect(secondRow).toContainText('Отправлена');
    mark('3. sent after two approvals');
    await secondContext.close();
  });

  // Each paid once, nothing else sent.
  expect(binance.ledger()).toHaveLength(3);
  testInfo.annotations.push({
    type: 'payout timings',
    description: [`server, fakes and staff set up: ${setUpSeconds} s`, ...timings].join('; '),
  });
  await customer.close();
  await adminContext.close();
});
