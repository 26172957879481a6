import { FIRST_ANSWERS_ID, firstAnswerKey } from '@obmen/shared/first-answers';
import { describe, expect, it, vi } from 'vitest';
import { pageAnswer } from './api-client';
import { pageCarrying, withServerMock } from './first-answers-fixture';
import { checkSiteStatus, resetSiteStatus } from './site-status';
import { resetFirstAnswers, takeFirstAnswer } from './first-answers';

const fetchMock = withServerMock(resetSiteStatus);
const RANGE = { giveName: 'SBERRUB', getName: 'BTC', useFixedDirection: false };

describe("a page's first answers", () => {
  it('answer only the language, path and query they were made for', () => {
    pageCarrying({ [firstAnswerKey('ru', '/api/v1/Exchange/get_range', RANGE)]: 'ru range' });
    const path = '/api/v1/Exchange/get_range';
    expect(pageAnswer({ path, query: RANGE, lang: 'en' })).toBeUndefined();
    expect(pageAnswer({ path, query: { ...RANGE, useFixedDirection: true } })).toBeUndefined();
    expect(pageAnswer({ path: '/api/v1/Exchange/direction_status', query: RANGE })).toBeUndefined();
    // The query in another order is the same call; the page's language when none is named.
    expect(pageAnswer({ path, query: { useFixedDirection: false, getName: 'BTC', giveName: 'SBERRUB' } })).toBe(
      'ru range',
    );
  });

  it('answer the site status: null while open, the notice while paused', async () => {
    pageCarrying({ [firstAnswerKey('ru', '/api/v1/SiteState')]: null });
    expect(await checkSiteStatus()).toEqual({ convertEnabled: true, notice: null, known: true });
    const notice = { header: 'Пауза', text: 'До утра' };
    pageCarrying({ [firstAnswerKey('ru', '/api/v1/SiteState')]: notice });
    expect(await checkSiteStatus()).toEqual({ convertEnabled: false, notice, known: true });
    expect(fetchMock).not.toHaveBeenCalled();
    // The next check asks the server.
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    expect((await checkSiteStatus()).convertEnabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stand only for the first moments of the page', async () => {
    vi.useFakeTimers();
    pageCarrying({ [firstAnswerKey('ru', '/api/v1/Exchange/get_reserve/BTC')]: { reserveAmount: '1' } });
    expect(takeFirstAnswer('ru', '/api/v1/Exchange/get_currencies/give')).toBeUndefined(); // read now
    vi.advanceTimersByTime(31_000);
    expect(takeFirstAnswer('ru', '/api/v1/Exchange/get_reserve/BTC')).toBeUndefined();
  });

  it('are no answers at all when the page has none or they do not parse', () => {
    expect(pageAnswer({ path: '/api/v1/Exchange/get_currencies/give' })).toBeUndefined();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_ANSWERS_ID;
    script.textContent = '{not json';
    document.body.append(script);
    resetFirstAnswers();
    expect(takeFirstAnswer('ru', '/api/v1/Exchange/get_currencies/give')).toBeUndefined();
  });
});
