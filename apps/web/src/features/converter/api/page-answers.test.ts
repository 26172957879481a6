import { QueryClient } from '@tanstack/react-query';
import { FIRST_ANSWERS_ID, firstAnswerKey } from '@obmen/shared/first-answers';
import { describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../../lib/api-client';
import { pageCarrying, withServerMock } from '../../../lib/first-answers-fixture';
import { quoteQueryOptions } from './calculate';
import { rangeQueryOptions } from './get-range';

const fetchMock = withServerMock(() => setAccessTokenGetter(() => null));
const RANGE = { giveName: 'SBERRUB', getName: 'BTC', useFixedDirection: false };

describe("the converter's queries and the page's first answers", () => {
  it('are the first data of a query that asks for them: no call, once; a later query asks the server', async () => {
    pageCarrying({
      [firstAnswerKey('ru', '/api/v1/Exchange/get_range', RANGE)]: { minSum: '3000.00', maxSum: '1500000.00' },
    });
    expect(await new QueryClient().fetchQuery(rangeQueryOptions('SBERRUB', 'BTC', false))).toEqual({
      minSum: '3000.00',
      maxSum: '1500000.00',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await new QueryClient().fetchQuery(rangeQueryOptions('SBERRUB', 'BTC', false))).toBe('from the server');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Read once: the script is gone from the page.
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
  });

  it("give a visitor the opening quote, timed from the page; a signed-in user's is always asked", async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const form = { giveName: 'SBERRUB', getName: 'BTC', sum: '3000', direction: 'sell', useFixedDirection: false };
    const quote = { giveSum: '3000.00', getSum: '0.0004', expiresIn: 30 };
    const request = {
      give: 'SBERRUB',
      get: 'BTC',
      sum: '3000',
      direction: 'sell',
      fixed: false,
      promocode: '',
    } as const;
    const carry = () => pageCarrying({ [firstAnswerKey('ru', '/api/v1/Exchange/calculate', form)]: quote });

    carry();
    expect(await new QueryClient().fetchQuery(quoteQueryOptions(request, 'ru'))).toEqual({
      quote,
      deadline: 1_000_000 + 30_000,
      lifetimeMs: 30_000,
    });
    expect(fetchMock).not.toHaveBeenCalled();

    carry();
    setAccessTokenGetter(() => 'token');
    await new QueryClient().fetchQuery(quoteQueryOptions(request, 'ru')).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
