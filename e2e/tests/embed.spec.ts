import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as apiRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { refNumberOf, registerUser, type ApiUser } from '../support/accounts-api';
import { randomAddress } from '../support/addresses';
import { startOwnServer, type OwnServer } from '../support/own-server';
import { BTC_ADDRESS, unique } from '../support/tickets';

// Issue 47's widget end to end: a partner's page on another origin frames /embed and a visitor makes
// a ticket in it that is the partner's referral; a page on an origin the partner did not list is
// refused by the browser (CSP frame-ancestors). The app is on localhost, the partner's pages on
// 127.0.0.1: another site, as a wallet's page is, so the frame gets no first-party cookies or storage.
// Its own server: only there may a partner list a plain-http local origin (EMBED_LOCAL_HTTP).

const t = {
  exchange: 'Exchange',
  wallet: 'Bitcoin wallet address',
  agreeAml: /AML\/KYC terms/,
  agreeRules: /exchange rules/,
  continue: 'Continue',
  confirm: 'Confirm and create the ticket',
  paymentTitle: /Payment for ticket No\. \d+/,
  paid: 'I have paid',
  pending: 'In progress',
  details: 'Ticket details',
};

let server: OwnServer;
let appOrigin = '';
let api: APIRequestContext;
let partner: ApiUser;
let partnerNumber = 0;
const hosts: { server: Server; origin: string }[] = [];

/** A partner's page on 127.0.0.1 at a port of its own, with the widget's <iframe> from the partner area. */
async function startHostPage(): Promise<string> {
  const host = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://host').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><title>Wallet</title></head><body><h1>A partner's wallet</h1>` +
        `<iframe id="widget" title="Obmen" width="520" height="900" src="${src.replace(/"/g, '&quot;')}"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  hosts.push({ server: host, origin });
  return origin;
}

const widgetUrl = (query: string) => `${appOrigin}/embed?${query}`;
const hostPage = (host: string, src: string) => `${host}/?src=${encodeURIComponent(src)}`;

function newVisitor(browser: Browser) {
  return browser.newContext({ locale: 'ru-RU', extraHTTPHeaders: { 'x-forwarded-for': randomAddress() } });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startOwnServer({ EMBED_LOCAL_HTTP: 'on' });
  appOrigin = server.baseURL.replace('127.0.0.1', 'localhost');
  api = await apiRequest.newContext({ baseURL: server.baseURL });
  partner = await registerUser(api, 'partner');
  partnerNumber = await refNumberOf(api, partner);
});

test.afterAll(async () => {
  await api?.dispose();
  await Promise.all(hosts.map(({ server: host }) => new Promise((resolve) => host.close(resolve))));
  await server?.stop();
});

test('a page on an allowed origin frames the widget, and a ticket made in it is the partner’s', async ({ browser }) => {
  test.setTimeout(90_000);
  const allowed = await startHostPage();
  const added = await api.post('/api/v1/Partner/embed/origins', {
    headers: partner.headers,
    data: { origin: `${allowed}/` },
  });
  expect(added.status(), await added.text()).toBe(200);
  expect(((await added.json()) as { origin: string }).origin).toBe(allowed);

  const context = await newVisitor(browser);
  const page = await context.newPage();
  const src = widgetUrl(`partner=${partnerNumber}&lang=en&theme=dark&from=USDTTRC20&to=BTC`);
  const answered = page.waitForResponse((response) => response.url() === src);
  await page.goto(hostPage(allowed, src));
  const policy = (await answered).headers();
  expect(policy['content-security-policy']).toContain(`frame-ancestors ${allowed}`);
  expect(policy['x-frame-options']).toBeUndefined();

  const widget = page.frameLocator('#widget');
  // The converter, in the language and theme the address names, with the pair it names; no site frame.
  await expect(widget.getByRole('button', { name: t.exchange, exact: true })).toBeEnabled({ timeout: 20_000 });
  await expect(widget.locator('html')).toHaveClass(/theme-dark/);
  await expect(widget.getByRole('button', { name: /^You give: Tether TRC20/ })).toBeVisible();
  await expect(widget.getByRole('button', { name: /^You get: Bitcoin/ })).toBeVisible();
  await expect(widget.getByRole('banner')).toHaveCount(0);
  // A page of the site's own opens outside the frame, which stays where it was.
  const signUp = context.waitForEvent('page');
  await widget.getByRole('link', { name: /off once you sign up/ }).click();
  expect(new URL((await signUp).url()).pathname).toBe('/en/register');
  await expect(widget.getByRole('button', { name: t.exchange, exact: true })).toBeVisible();
  await widget.getByRole('button', { name: t.exchange, exact: true }).click();

  const main = widget.getByRole('main');
  await main.getByLabel(t.wallet).fill(BTC_ADDRESS);
  await main.getByLabel('E-mail').fill(`${unique('framed')}@obmen.test`);
  await main.getByLabel(t.agreeAml).check();
  await main.getByLabel(t.agreeRules).check();
  await main.getByRole('button', { name: t.continue }).click();
  const creating = page.waitForRequest((request) => request.url().endsWith('/api/v1/Tickets/create'));
  await main.getByRole('button', { name: t.confirm }).click();
  // Marked as the widget's, and the partner's by its referral number, as the site's own refId goes.
  expect((await creating).postDataJSON()).toMatchObject({ refId: String(partnerNumber), channel: 'embed' });

  // The ticket's pages stay in the frame (the site's own pages refuse to be framed).
  await expect(main.getByRole('heading', { name: t.paymentTitle })).toBeVisible({ timeout: 15_000 });
  const frame = page.frames().find((f) => f.url().includes('/embed/ticket/'));
  const framed = new URL(frame!.url());
  expect(framed.origin).toBe(appOrigin);
  expect(framed.pathname).toMatch(/^\/embed\/ticket\/[\w-]+\/payment_info$/);
  expect(framed.searchParams.get('partner')).toBe(String(partnerNumber));
  const id = framed.pathname.split('/')[3]!;

  // "I have paid", and the way to the whole ticket, without a cookie of the site's.
  await main.getByRole('button', { name: t.paid }).click();
  await expect(main.getByRole('heading', { name: t.pending })).toBeVisible();
  await main.getByRole('link', { name: t.details }).click();
  await expect.poll(() => new URL(frame!.url()).pathname).toBe(`/embed/ticket/${id}`);
  await expect(main.locator('[data-status="new"]')).toBeVisible();

  // The ticket is the partner's referral.
  const ticket = await api.get(`/api/v1/Tickets/${id}`);
  expect(ticket.status()).toBe(200);
  expect(((await ticket.json()) as { referral: string | null }).referral).toBe(String(partnerNumber));
  // …and the partner's report names the widget as the channel it came through.
  const report = await api.get('/api/v1/Partner/report', {
    headers: partner.headers,
    params: { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() },
  });
  expect(report.status(), await report.text()).toBe(200);
  const rows = ((await report.json()) as { items: { id: string; channel: string }[] }).items;
  expect(rows.find((row) => row.id === id)?.channel).toBe('embed');
  await context.close();
});

test('the same page on an origin the partner did not list is refused by the browser', async ({ browser }) => {
  const other = await startHostPage();
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const src = widgetUrl(`partner=${partnerNumber}&lang=en`);
  const answered = page.waitForResponse((response) => response.url() === src);
  const refusals: string[] = [];
  page.on('console', (message) => refusals.push(message.text()));
  await page.goto(hostPage(other, src));
  // The server answered, naming only the partner's site; the browser would not show it here.
  expect((await answered).headers()['content-security-policy']).not.toContain(other);
  await expect.poll(() => refusals.join('\n')).toMatch(/frame-ancestors/);
  await expectNoApp(page);
  await context.close();
});

test('a widget without a partner, or of a partner with no sites, may be framed by nobody', async ({ browser }) => {
  const host = hosts[0]!.origin;
  const bare = await registerUser(api, 'bare');
  const context = await newVisitor(browser);
  const page = await context.newPage();
  for (const query of ['lang=en', `partner=${await refNumberOf(api, bare)}&lang=en`]) {
    const src = widgetUrl(query);
    const answered = page.waitForResponse((response) => response.url() === src);
    await page.goto(hostPage(host, src));
    const headers = (await answered).headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBeDefined();
    await expectNoApp(page);
  }
  await context.close();
});

/** The frame shows no part of the app: the browser put its error page there instead. */
async function expectNoApp(page: Page) {
  const frame = () => page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(() => frame()?.url()).toBe('chrome-error://chromewebdata/');
  await expect(page.frameLocator('#widget').getByRole('button', { name: t.exchange, exact: true })).toHaveCount(0);
}
