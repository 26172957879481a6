import { describe, expect, it } from 'vitest';
import { matchPageRoute, pagePath } from './page-routes';

describe('page routes', () => {
  it.each([
    ['/', 'home', null, {}],
    ['/ru/', 'home', 'ru', {}],
    ['/en', 'home', 'en', {}],
    ['/login', 'login', null, {}],
    ['/en/reset', 'reset_password', 'en', {}],
    ['/ru/news/15', 'show_news', 'ru', { id: '15' }],
    ['/en/user', 'user_settings', 'en', {}],
    ['/en/user/promo', 'user_promo', 'en', {}],
    ['/ru/ticket/create', 'ticket_create', 'ru', {}],
    ['/ru/ticket/k3J9x/card_verify', 'card_verify', 'ru', { id: 'k3J9x' }],
    ['/en/SBERRUB--BTC', 'home_with_currencies', 'en', { pair: 'SBERRUB--BTC' }],
    ['/USDTTRC20--TCSBRUB/', 'home_with_currencies', null, { pair: 'USDTTRC20--TCSBRUB' }],
  ])('%s is the %s page', (path, name, lang, params) => {
    expect(matchPageRoute(path)).toEqual({ name, lang, params });
  });

  it.each(['/ru/nothing', '/en/SBERRUB-BTC', '/en/BTC--', '/de/about', '/ru/news/1/edit', '/%E0%A4%A'])(
    '%s is no page',
    (path) => {
      expect(matchPageRoute(path)).toBeNull();
    },
  );

  it('builds paths that match back to the same page', () => {
    const path = pagePath('en', 'payment_info', { id: 'a b' });
    expect(path).toBe('/en/ticket/a%20b/payment_info');
    expect(matchPageRoute(path)).toEqual({ name: 'payment_info', lang: 'en', params: { id: 'a b' } });
  });
});
