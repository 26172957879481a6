import { expect, test, type Page, type Route } from '@playwright/test';
import { logInAsNewUser } from '../support/accounts';

// What a visitor sees before the app's scripts run (the server's HTML) and what changes when they
// do: nothing may move, and nothing the browser already knows may be said wrongly in between.

/** Holds the app's scripts until `release()`: the page stays the server's drawing meanwhile. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** Waits until React has taken the page over and its first requests have settled. */
async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    // The app hydrates the whole document (src/main.tsx).
    Object.keys(document).some((key) => key.startsWith('__reactContainer')),
  );
  await page.waitForLoadState('networkidle');
}

/** Where the header's parts and the page's heading are, in CSS pixels. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect
        ? { x: Math.round(rect.x), y: Math.round(rect.y), w: Math.round(rect.width), h: Math.round(rect.height) }
        : null;
    };
    return {
      header: box('header'),
      language: box('[data-testid="language-button"]'),
      account: box('[data-testid="account-slot"]'),
      heading: box('main h1'),
    };
  });
}

for (const width of [1280, 360]) {
  test(`a signed-in visitor's header stays put when the app takes over, never saying "Войти" (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await logInAsNewUser(page, request, 'paint');
    const scripts = await holdScripts(page);
    await page.goto('/ru/', { waitUntil: 'commit' });
    await expect(page.locator('main h1')).toBeVisible();
    const login = page.getByRole('banner').getByRole('link', { name: 'Войти' });
    await expect(login).toBeHidden();
    const drawn = await layoutOf(page);

    await scripts.release();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Меню профиля' })).toBeVisible();
    const hydrated = await layoutOf(page);
    test.info().annotations.push({ type: 'layout', description: JSON.stringify({ drawn, hydrated }) });
    expect(hydrated).toEqual(drawn);
    // …and the whole header fits the screen, the account's button included.
    expect(hydrated.account!.x + hydrated.account!.w).toBeLessThanOrEqual(width);
  });
}

test('a visitor who is not signed in sees "Войти" in the server-drawn header, in the same place after', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/ru/', { waitUntil: 'commit' });
  const login = page.getByRole('banner').getByRole('link', { name: 'Войти' });
  await expect(login).toBeVisible();
  const drawn = await layoutOf(page);
  await scripts.release();
  await hydrated(page);
  await expect(login).toBeVisible();
  expect(await layoutOf(page)).toEqual(drawn);
});

test.describe('the first visit’s phishing warning', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('is in the server’s drawing, so it paints before any script, then is a modal dialog', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/ru/', { waitUntil: 'commit' });
    const dialog = page.getByRole('dialog', { name: 'Осторожно: поддельные сайты' });
    await expect(dialog).toBeVisible();
    const drawn = await dialog.boundingBox();
    await scripts.release();
    await expect(dialog.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    expect(await dialog.evaluate((node) => node.matches(':modal'))).toBe(true);
    // Made modal where it was drawn: a move would be a second largest paint after the scripts (Lighthouse's LCP).
    expect(await dialog.boundingBox()).toEqual(drawn);
    await expect(dialog).toContainText(new URL(page.url()).host);
    await dialog.getByRole('button', { name: 'Понятно' }).click();
    await expect(dialog).toBeHidden();

    // Once read, it does not paint even before the scripts run.
    const again = await holdScripts(page);
    await page.goto('/ru/', { waitUntil: 'commit' });
    await expect(page.locator('main h1')).toBeVisible();
    await expect(dialog).toBeHidden();
    await again.release();
  });
});

test('with the warning read, it neither paints nor opens', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/en/', { waitUntil: 'commit' });
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await scripts.release();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
