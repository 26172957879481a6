import { expect, test, type Locator } from '@playwright/test';
import { logInAsNewUser } from '../support/accounts';

/** How much of the element the strip shows, 0…1. */
async function shownPart(strip: Locator, tab: Locator): Promise<number> {
  const [s, t] = await Promise.all([strip.boundingBox(), tab.boundingBox()]);
  if (!s || !t) return 0;
  const shown = Math.min(s.x + s.width, t.x + t.width) - Math.max(s.x, t.x);
  return Math.max(0, shown) / t.width;
}

test('on a phone the user-area tabs show that they scroll, and the open one is in view', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logInAsNewUser(page, request, 'tabs');
  await page.goto('/ru/user');
  const strip = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
  const tab = (name: string) => strip.getByRole('link', { name });
  await expect(tab('Настройки')).toHaveAttribute('aria-current', 'page');
  // The last tab is beyond the edge, and the edge says so: it fades out.
  expect(await shownPart(strip, tab('API для партнёров'))).toBeLessThan(1);
  await expect(strip).toHaveAttribute('data-more-after', 'true');
  await expect(strip).not.toHaveAttribute('data-more-before', /.*/);
  expect(await strip.evaluate((node) => getComputedStyle(node).maskImage)).toContain('linear-gradient');

  // Opened directly, the last page's tab is scrolled into view, with a fade on the other side now.
  await page.goto('/ru/user/partner');
  await expect(tab('API для партнёров')).toHaveAttribute('aria-current', 'page');
  // Scrolled to its end: scrollLeft is whole pixels, so a tab of fractional width may lie a fraction of one beyond.
  await expect.poll(() => shownPart(strip, tab('API для партнёров'))).toBeCloseTo(1, 2);
  await expect(strip).toHaveAttribute('data-more-before', 'true');
});

test('on a wide screen all the tabs show, with no fade', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAsNewUser(page, request, 'tabs');
  await page.goto('/en/user/promo');
  const strip = page.getByRole('navigation', { name: 'Account sections' });
  await expect(strip.getByRole('link', { name: 'Promo codes' })).toHaveAttribute('aria-current', 'page');
  for (const link of await strip.getByRole('link').all()) expect(await shownPart(strip, link)).toBe(1);
  expect(await strip.evaluate((node) => getComputedStyle(node).maskImage)).toBe('none');
});
