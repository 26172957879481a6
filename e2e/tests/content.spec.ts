import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Lang = 'ru' | 'en';

/** Each public page's heading and a line of its copy a reader would look for, in both languages. */
const PAGES: Record<string, Record<Lang, { heading: string; copy: string }>> = {
  about: {
    ru: { heading: 'О сервисе Obmen', copy: 'Заявки принимаются и обрабатываются 24/7' },
    en: { heading: 'About Obmen', copy: 'tickets are accepted and processed 24/7' },
  },
  partner: {
    ru: { heading: 'Партнёрская программа', copy: 'Для вывода нужно 5 активных рефералов' },
    en: { heading: 'Partner programme', copy: 'You need 5 active referrals to withdraw' },
  },
  rules: {
    ru: { heading: 'Правила сервиса Obmen', copy: 'Платежи юридических лиц не принимаются' },
    en: { heading: 'Obmen terms of service', copy: 'Payments from legal entities are not accepted' },
  },
  aml: {
    ru: { heading: 'Политика AML/KYC', copy: 'Платежи юридических лиц не принимаются' },
    en: { heading: 'AML/KYC policy', copy: 'Payments from legal entities are not accepted' },
  },
  faq: {
    ru: { heading: 'Частые вопросы', copy: 'Здесь собраны ответы на вопросы' },
    en: { heading: 'Frequently asked questions', copy: 'Here are answers to the questions' },
  },
  contacts: {
    ru: { heading: 'Контакты', copy: 'Поддержка Obmen работает круглосуточно' },
    en: { heading: 'Contact us', copy: 'Obmen support works around the clock' },
  },
};

/** The <title> and description the server puts in the HTML of a path. */
async function serverMeta(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)![1]!),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(html)![1]!),
  };
}

const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

for (const lang of ['ru', 'en'] as const) {
  test.describe(`public pages in ${lang}`, () => {
    test('every public page shows its heading and copy', async ({ page }) => {
      for (const [slug, copy] of Object.entries(PAGES)) {
        await test.step(`/${lang}/${slug}`, async () => {
          const response = await page.goto(`/${lang}/${slug}`);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole('heading', { level: 1, name: copy[lang].heading })).toBeVisible();
          await expect(page.getByText(copy[lang].copy).first()).toBeVisible();
        });
      }
    });

    test('no page is wider than a 360 px phone', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      for (const slug of [...Object.keys(PAGES), 'news']) {
        await test.step(`/${lang}/${slug}`, async () => {
          await page.goto(`/${lang}/${slug}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          // Open every answer, so the FAQ's tables are measured too.
          for (const details of await page.locator('main details').all())
            await details.evaluate((d) => d.setAttribute('open', ''));
          const main = page.getByRole('main');
          const overflow = await main.evaluate((m) => m.scrollWidth - m.clientWidth);
          expect(overflow, `/${lang}/${slug} scrolls sideways`).toBeLessThanOrEqual(0);
        });
      }
    });

    test('a long page has a table of contents that leads to its sections', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/${lang}/rules`);
      const contents = page.getByRole('navigation', { name: lang === 'ru' ? 'Содержание' : 'Contents' });
      const section = lang === 'ru' ? '8. Верификация карты' : '8. Card verification';
      await contents.getByRole('link', { name: section }).click();
      await expect(page).toHaveURL(/#section-8$/);
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeInViewport();
    });
  });
}

test.describe('FAQ', () => {
  test('answers open and close from the keyboard', async ({ page }) => {
    await page.goto('/ru/faq');
    const question = page.locator('summary', { hasText: 'Сколько длится обмен?' });
    const answer = page.getByText('обычно за 5–15 минут после зачисления оплаты');
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(answer).toBeHidden();
  });

  test('the English answers state the business rules', async ({ page }) => {
    await page.goto('/en/faq');
    await page.getByText('Do you accept payments from companies?').click();
    await expect(page.getByText('Payments from legal entities are not accepted')).toBeVisible();
    await page.getByText('Why do you need to verify my card?').click();
    await expect(page.getByText('may be needed after a late payment')).toBeVisible();
  });
});

test.describe('contacts', () => {
  test('offer chat, Telegram and e-mail', async ({ page }) => {
    await page.goto('/en/contacts');
    const channels = page.getByRole('list', { name: 'Ways to reach us' });
    await expect(channels.getByRole('heading', { name: 'Online chat' })).toBeVisible();
    await expect(channels.getByRole('link', { name: /Open the chat/ })).toHaveAttribute(
      'href',
      /^https:\/\/web\.telegram\.org\//,
    );
    await expect(channels.getByRole('link', { name: /Message us on Telegram/ })).toHaveAttribute(
      'href',
      'https://t.me/obmen_support',
    );
    await expect(channels.getByRole('link', { name: 'Write an e-mail' })).toHaveAttribute(
      'href',
      'mailto:support@obmen.example',
    );
  });
});

test.describe('news', () => {
  for (const lang of ['ru', 'en'] as const) {
    const words =
      lang === 'ru'
        ? { title: 'Новости', page2: 'Страница 2', all: 'Все новости' }
        : { title: 'News', page2: 'Page 2', all: 'All news' };

    test(`${lang}: list → item → back to the list keeps the page`, async ({ page }) => {
      await page.goto(`/${lang}/news`);
      await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      const list = page.getByTestId('news-list');
      const first = list.getByRole('heading', { level: 2 }).first();
      await expect(first).toBeVisible();
      const firstOfPage1 = await first.textContent();
      const pager = page.getByRole('navigation', { name: lang === 'ru' ? 'Страницы новостей' : 'News pages' });
      await pager.getByRole('link', { name: words.page2 }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/news\\?page=2$`));
      // The first page's items stay on screen while the second's load: wait for the second's.
      await expect(first).not.toHaveText(firstOfPage1!);
      const secondPageTitles = await list.getByRole('heading', { level: 2 }).allTextContents();
      const opened = secondPageTitles[0]!;

      await first.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/news/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: opened })).toBeVisible();
      await expect(page).toHaveTitle(`${opened} — Obmen`);

      await page.getByRole('link', { name: words.all }).first().click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/news\\?page=2$`));
      await expect(list.getByRole('heading', { level: 2 })).toHaveText(secondPageTitles);
      await expect(pager.getByRole('link', { name: words.page2 })).toHaveAttribute('aria-current', 'page');
    });

    test(`${lang}: a news id that does not exist shows the not-found state`, async ({ page }) => {
      const response = await page.goto(`/${lang}/news/987654`);
      expect(response?.status()).toBe(404);
      const heading = lang === 'ru' ? 'Новость не найдена' : 'News item not found';
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.getByRole('link', { name: words.all }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/news$`));
      await expect(page.getByTestId('news-list').getByRole('heading', { level: 2 }).first()).toBeVisible();
    });
  }
});

test.describe('title and description after client-side navigation', () => {
  test('match what the server sends for the same address', async ({ page, request }) => {
    await page.goto('/en/faq');
    await page.getByRole('link', { name: 'Contact support' }).click();
    await expect(page).toHaveURL(/\/en\/contacts$/);
    const contacts = await serverMeta(request, '/en/contacts');
    await expect(page).toHaveTitle(contacts.title);
    expect(await description(page)).toBe(contacts.description);
  });

  test('match for the news list too', async ({ page, request }) => {
    await page.goto('/ru/news/1');
    await page.getByRole('link', { name: 'Все новости' }).first().click();
    const news = await serverMeta(request, '/ru/news');
    await expect(page).toHaveTitle(news.title);
    expect(await description(page)).toBe(news.description);
  });

  test('a link inside the text of a page navigates within the app', async ({ page, request }) => {
    await page.goto('/ru/about');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: '«Контакты»' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page).toHaveTitle((await serverMeta(request, '/ru/contacts')).title);
  });
});
