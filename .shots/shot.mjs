import { chromium } from 'playwright-core';
const [,, url, out, w = '1280', h = '900', scheme = 'light', full = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) }, colorScheme: scheme });
await page.addInitScript(() => localStorage.setItem('phishingWarningSeen', '1'));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
