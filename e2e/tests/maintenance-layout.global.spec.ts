import { expect, test, type APIRequestContext } from '@playwright/test';
import { operatorToken } from '../support/accounts';

async function setMaintenance(request: APIRequestContext, on: boolean) {
  const token = await operatorToken(request);
  const response = await request.put('/api/admin/site-state', {
    headers: { authorization: `Bearer ${token}` },
    data: { convertEnabled: !on, headerRu: '', textRu: '', headerEn: '', textEn: '' },
  });
  expect(response.status()).toBe(200);
}

// Maintenance pauses exchanges for every visitor: a global spec, run alone, that puts it back.
test.afterEach(async ({ request }) => {
  await setMaintenance(request, false);
});

for (const width of [1280, 360]) {
  test(`the maintenance notice that arrives by the poll moves nothing on the page (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.clock.install();
    await page.goto('/en/');
    const heading = page.locator('main h1');
    await expect(heading).toBeVisible();
    const before = await heading.boundingBox();

    await setMaintenance(request, true);
    await page.clock.fastForward(30_000);
    const notice = page.getByRole('status').getByTestId('maintenance-notice');
    await expect(notice.getByRole('heading', { name: 'Maintenance break' })).toBeVisible();
    const after = await heading.boundingBox();
    test.info().annotations.push({ type: 'layout', description: JSON.stringify({ before, after }) });
    expect(after).toEqual(before);
    // It lies over the page's bottom edge, inside the screen.
    const box = (await notice.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
}
