import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { checkServerDrawnPages } from '../support/server-drawn-pages';
import { registerUser } from '../support/accounts-api';
import { BTC_ADDRESS, coinTicket, createTicketByApi, operatorActs } from '../support/tickets';

// Issue 32: public pages come drawn by React on the server and are hydrated in the browser.

const PUBLIC_PAGES = [
  '/',
  '/BTC--SBERRUB',
  '/news',
  '/news/1',
  '/about',
  '/partner',
  '/rules',
  '/aml',
  '/faq',
  '/contacts',
  '/status',
];

/** React's words for a page whose HTML did not match its first render in the browser. */
const HYDRATION_TROUBLE = /hydrat|Minified React error #(418|419|421|422|423|425)/i;

function collectTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (HYDRATION_TROUBLE.test(message.text())) trouble.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_TROUBLE.test(error.message)) trouble.push(error.message);
  });
  return trouble;
}

/** A page the browser draws: never kept, and the document only (its state names no page the server drew, #root is empty). */
async function expectDocumentOnly(response: APIResponse) {
  expect(response.headers()['cache-control']).toBe('no-store');
  const html = await response.text();
  expect(html).toContain('"drawn":null');
  expect(html).toContain('<div id="root"></div>');
}

test.describe('pages drawn on the server', () => {
  test("a pair page's HTML holds its heading, its text and the pair's opening sums before any script", async ({
    request,
  }) => {
    const response = await request.get('/ru/BTC--SBERRUB');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('public');
    expect(response.headers().etag).toMatch(/^W\//);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Обмен Bitcoin на Сбербанк RUB<\/h1>/);
    expect(html).toContain('Как продать Bitcoin');
    // The give side at the pair's minimum, and the get side priced for it.
    expect(html).toContain('value="0,0005"');
    expect(html).toMatch(/data-testid="rate">1 BTC(<!-- -->)? = (<!-- -->)?[\d\s\u00a0\u202f]+,\d\d RUB</);
    expect(html).toContain('id="page-state"');
  });

  test('the home page holds the popular pairs with their rates and the reserves before any script', async ({
    request,
  }) => {
    for (const [lang, popular, reserves] of [
      ['ru', 'Популярные направления', 'Резервы'],
      ['en', 'Popular pairs', 'Reserves'],
    ] as const) {
      const html = await (await request.get(`/${lang}/`)).text();
      expect(html).toContain(`>${popular}</h2>`);
      expect(html).toContain(`>${reserves}</h2>`);
      // Each popular pair links to its page and says its rate; the reserves name BTC's.
      expect(html).toMatch(new RegExp(`href="/${lang}/[A-Z0-9]+--[A-Z0-9]+"`));
      expect(html).toMatch(/1 (BTC|ETH|USDT)(<!-- -->)? = (<!-- -->)?[\d\s\u00a0\u202f,.]+ [A-Z]+/);
      const reserve = (await (await request.get('/api/v1/Exchange/get_reserve/BTC')).json()).reserveAmount as string;
      const figure = reserve.replace(/0+$/, '').replace(/\.$/, '');
      expect(html).toContain(lang === 'ru' ? figure.replace('.', ',') : figure);
    }
  });

  test('a page the browser draws, the console too, starts without React Router missing a HydrateFallback', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('HydrateFallback')) warnings.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of ['/ru/login', '/en/user/tickets', '/ru/ticket/find', '/admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    expect(warnings).toEqual([]);
  });

  test('a personal page is drawn in the browser and never kept by a cache', async ({ request }) => {
    for (const path of ['/ru/ticket/123', '/en/user/tickets', '/ru/login']) {
      await expectDocumentOnly(await request.get(path));
    }
  });

  test("a visitor's ticket page comes drawn and is never kept; a signed-in user's the browser draws", async ({
    request,
    browser,
    baseURL,
  }) => {
    const order = {
      give: 'USDTTRC20',
      get: 'BTC',
      sum: '0.01',
      direction: 'buy',
      requisites: { get: { walletAddress: BTC_ADDRESS } },
    } as const;
    const visitors = await createTicketByApi(request, order);
    const response = await request.get(`/en/ticket/${visitors.id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>Ticket No\\. (<!-- -->)?${visitors.number}</h1>`));
    expect(html).toContain('data-testid="awaiting-payment"');
    expect(html).toContain('<meta name="robots" content="noindex');

    // The page hydrates without a mismatch even when its scripts come late and the reader lives
    // elsewhere: the payment window counts from when the server drew the page, and the dates are
    // written in the exchange's zone until the browser has taken over, then in the reader's.
    const context = await browser.newContext({ baseURL, timezoneId: 'America/New_York', colorScheme: 'dark' });
    const page = await context.newPage();
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const trouble = collectTrouble(page);
    await page.goto(`/ru/ticket/${visitors.id}`);
    await expect(page.getByTestId('awaiting-payment')).toContainText('Ожидает оплаты');
    await page.waitForLoadState('networkidle');
    // Hours and minutes in New York (the words around them are Intl's, which may differ from Node's).
    const createdAt = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/New_York',
    }).format(new Date(visitors.createdAt));
    await expect(page.getByTestId('ticket-created')).toContainText(createdAt);
    expect(trouble).toEqual([]);
    await context.close();

    // The server does not know who asks: a user's ticket comes as the document only.
    const user = await registerUser(request, 'drawn');
    const users = await createTicketByApi(request, { ...order, token: user.token });
    await expectDocumentOnly(await request.get(`/ru/ticket/${users.id}`));
  });

  test('a ticket with a payment problem comes drawn and hydrates; its choices come after', async ({
    request,
    browser,
    baseURL,
  }) => {
    const ticket = await coinTicket(request, { lang: 'en' });
    const { give } = (await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as { give: { sum: string } };
    // Short by 100.00 USDT: the ticket waits for the client's choice.
    const short = (BigInt(give.sum.replace('.', '')) - 10_000n).toString();
    await operatorActs(request, ticket.id, 'payment', {
      amount: `${short.slice(0, -2)}.${short.slice(-2)}`,
      reference: `e2e-drawn-${ticket.number}`,
    });
    // The server draws the ticket; the choices (their own module, forms) come once the page has
    // hydrated, so the two never draw them differently (a lazy part the server may or may not have
    // loaded yet, a deadline written in another zone).
    for (const attempt of [1, 2]) {
      const html = await (await request.get(`/en/ticket/${ticket.id}`)).text();
      expect(html, `drawing ${attempt}`).toMatch(new RegExp(`<h1[^>]*>Ticket No\\. (<!-- -->)?${ticket.number}</h1>`));
      expect(html, `drawing ${attempt}`).not.toContain('choice-pay-rest');
    }
    // A reader in another zone: the choices' deadline is a time of day.
    const context = await browser.newContext({ baseURL, timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    const trouble = collectTrouble(page);
    await page.goto(`/en/ticket/${ticket.id}`);
    await expect(page.getByTestId('choice-pay-rest')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(trouble).toEqual([]);
    await context.close();
  });

  for (const lang of ['ru', 'en']) {
    test(`every public page in ${lang} hydrates without a mismatch`, async ({ page }) => {
      test.setTimeout(120_000);
      const trouble = collectTrouble(page);
      for (const path of PUBLIC_PAGES) {
        await page.goto(`/${lang}${path === '/' ? '/' : path}`);
        await expect(page.locator('#root h1').first()).toBeVisible();
        // Hydration has run once the page's scripts and first calls are done.
        await page.waitForLoadState('networkidle');
      }
      await page.goto(`/${lang}/no-such-page`);
      await expect(page.locator('#root h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(trouble).toEqual([]);
    });
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a pair page, a news item and both kinds of 404 give their status, title and body, in both languages', async ({
    browser,
    baseURL,
  }) => {
    await checkServerDrawnPages(browser, baseURL!);
  });

  test('the home page, a pair page and a news item are complete and readable', async ({ page }, testInfo) => {
    await page.goto('/ru/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обмен криптовалют и рублей круглосуточно');
    await expect(page.getByRole('textbox', { name: 'Отдаёте' })).toHaveValue('3000');
    await expect(page.getByRole('textbox', { name: 'Получаете' })).not.toHaveValue('');
    await expect(page.getByText(/Резерв: [\d\s\u00a0\u202f,]+ BTC/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Почему выбирают Obmen' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await testInfo.attach('home without JavaScript', { body: await page.screenshot(), contentType: 'image/png' });

    await page.goto('/en/BTC--SBERRUB');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bitcoin');
    await expect(page.getByRole('textbox', { name: 'You give' })).toHaveValue('0.0005');
    await expect(page.getByRole('textbox', { name: 'You get' })).not.toHaveValue('');
    await expect(page.getByText(/Rate:/)).toBeVisible();
    await testInfo.attach('pair page without JavaScript', { body: await page.screenshot(), contentType: 'image/png' });

    await page.goto('/ru/news');
    const first = page.locator('main li h2 a').first();
    await expect(first).toBeVisible();
    await page.goto((await first.getAttribute('href')) ?? '/ru/news/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main article p').first()).toBeVisible();
    await testInfo.attach('news item without JavaScript', { body: await page.screenshot(), contentType: 'image/png' });
  });
});
