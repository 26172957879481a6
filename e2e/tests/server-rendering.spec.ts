import { expect, test, type Page } from '@playwright/test';
import { checkServerDrawnPages } from '../support/server-drawn-pages';

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
      const response = await request.get(path);
      expect(response.headers()['cache-control']).toBe('no-store');
      // The document only: its state names no page the server drew, and #root is empty.
      const html = await response.text();
      expect(html).toContain('"drawn":null');
      expect(html).toContain('<div id="root"></div>');
    }
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
