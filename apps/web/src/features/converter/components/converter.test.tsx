import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency, Quote } from '@obmen/shared/contracts';
import { initI18n } from '../../../lib/i18n';
import { useConverter } from '../hooks/use-converter';
import { Converter } from './converter';

// The converter against a fake API: what it asks, in which order, and which answers it shows.

const currency = (codeName: string, name: string, valute: string, scale: number): Currency => ({
  codeName,
  name,
  valute,
  scale,
  iconPath: `/icons/currencies/${codeName.toLowerCase()}.svg`,
  highlighted: false,
  aliases: [],
  kind: 'crypto',
});
const LIST = [currency('SBERRUB', 'Сбербанк RUB', 'RUB', 2), currency('BTC', 'Bitcoin', 'BTC', 8)];

const quote = (over: Partial<Quote>): Quote => ({
  giveSum: '3000.00',
  getSum: '0.00038239',
  rate: '0.000000127464',
  inverseRate: '7845336.64',
  expireTime: new Date(Date.now() + 30_000).toISOString(),
  expiresIn: 30,
  quoteToken: 'token',
  fee: '2.5',
  discount: '0',
  promo: null,
  promoError: null,
  fixed: false,
  rateSources: [],
  confirmations: null,
  ...over,
});

interface Deferred {
  body: URLSearchParams;
  answer: (quote: Quote) => void;
  refuse: (status: number, body: unknown) => void;
}
let calls: Deferred[];
let available: boolean;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname;
  if (path === '/api/v1/SiteState') return Promise.resolve(new Response(null, { status: 204 }));
  if (path.startsWith('/api/v1/Exchange/get_currencies/')) return Promise.resolve(json(LIST));
  if (path === '/api/v1/Exchange/direction_status') return Promise.resolve(json(available));
  if (path === '/api/v1/Exchange/get_range') return Promise.resolve(json({ minSum: '3000.00', maxSum: '1500000.00' }));
  if (path.startsWith('/api/v1/Exchange/get_reserve/')) return Promise.resolve(json({ reserveAmount: '3.25487310' }));
  if (path === '/api/v1/Exchange/get_currency_message') return Promise.resolve(json({ message: '' }));
  if (path === '/api/v1/Exchange/calculate') {
    return new Promise((resolve) => {
      calls.push({
        body: new URLSearchParams(String(init?.body)),
        answer: (q) => resolve(json(q)),
        refuse: (status, body) => resolve(json(body, status)),
      });
    });
  }
  return Promise.resolve(json({ error: { code: 'not_found', message: 'Не найдено' } }, 404));
}

function Page() {
  return <Converter model={useConverter()} />;
}

function renderConverter(path = '/ru/') {
  const router = createMemoryRouter([{ path: '/:lang/:pair?', element: <Page /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const giveField = () => screen.getByLabelText('Отдаёте') as HTMLInputElement;
const getField = () => screen.getByLabelText('Получаете') as HTMLInputElement;
const sums = () => calls.map((c) => `${c.body.get('direction')}:${c.body.get('sum')}`);

beforeAll(async () => {
  await initI18n('ru');
  // A busy machine can take more than the default second to render the first frame.
  configure({ asyncUtilTimeout: 5_000 });
});

beforeEach(() => {
  calls = [];
  available = true;
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  // Time runs on its own (so waiting works) and can also be jumped ahead.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function firstQuote() {
  renderConverter();
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(sums()).toEqual(['sell:3000']);
  await act(async () => calls[0]!.answer(quote({})));
  await waitFor(() => expect(getField().value).toBe('0,00038239'));
}

describe('the converter', () => {
  it('starts from the minimum and prices a pause in typing once', async () => {
    await firstQuote();
    for (const text of ['1', '12', '125', '1250', '12500']) fireEvent.change(giveField(), { target: { value: text } });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(sums()).toEqual(['sell:3000', 'sell:12500']);
    // While the new amount is priced, the old figure stays, and submit waits.
    expect(getField().value).toBe('0,00038239');
    expect(screen.getByRole('button', { name: 'Обменять' })).toHaveProperty('disabled', true);
    await act(async () => calls[1]!.answer(quote({ giveSum: '12500.00', getSum: '0.00159330' })));
    await waitFor(() => expect(getField().value).toBe('0,0015933'));
    expect(screen.getByRole('button', { name: 'Обменять' })).toHaveProperty('disabled', false);
  });

  it('shows only the newest answer, however late an older one arrives', async () => {
    await firstQuote();
    fireEvent.change(giveField(), { target: { value: '5000' } });
    await waitFor(() => expect(calls).toHaveLength(2));
    fireEvent.change(giveField(), { target: { value: '6000' } });
    await waitFor(() => expect(calls).toHaveLength(3));
    await act(async () => calls[2]!.answer(quote({ giveSum: '6000.00', getSum: '0.00076478' })));
    await waitFor(() => expect(getField().value).toBe('0,00076478'));
    await act(async () => calls[1]!.answer(quote({ giveSum: '5000.00', getSum: '0.00063732' })));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(getField().value).toBe('0,00076478');
  });

  it('computes the other side from the side typed last', async () => {
    await firstQuote();
    fireEvent.change(getField(), { target: { value: '0,01' } });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(sums()[1]).toBe('buy:0.01');
    await act(async () => calls[1]!.answer(quote({ giveSum: '78453.37', getSum: '0.01000000' })));
    await waitFor(() => expect(giveField().value).toBe('78453,37'));
    expect(getField().value).toBe('0,01');
  });

  it('asks again when the quote’s lifetime has passed on this device’s clock, whatever the server’s clock says', async () => {
    renderConverter();
    await waitFor(() => expect(calls).toHaveLength(1));
    // The server's clock is an hour behind: its expiry is long past by ours.
    await act(async () =>
      calls[0]!.answer(quote({ expireTime: new Date(Date.now() - 3_600_000).toISOString(), expiresIn: 30 })),
    );
    await waitFor(() => expect(getField().value).toBe('0,00038239'));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(sums()[1]).toBe('sell:3000');
  });

  it('says at once when an amount is out of range or over the reserve, and blocks submit', async () => {
    await firstQuote();
    fireEvent.change(giveField(), { target: { value: '100' } });
    expect((await screen.findByTestId('give-problem')).textContent).toBe('Меньше минимальной суммы');
    fireEvent.change(getField(), { target: { value: '4' } });
    expect((await screen.findByTestId('get-problem')).textContent).toBe(
      'Превышен лимитВ резерве 3,2548731 BTC: уменьшите сумму',
    );
    expect(screen.queryByTestId('give-problem')).toBeNull();
    expect(screen.getByRole('button', { name: 'Обменять' })).toHaveProperty('disabled', true);
    // Once typing pauses, the amount is asked anyway: the refusal says what it comes to.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toHaveLength(2);
    await act(async () =>
      calls[1]!.refuse(400, {
        parameterErrors: [{ name: 'sum', messages: ['Превышен лимит', 'В резерве 3,2548731 BTC: уменьшите сумму'] }],
        estimate: { giveSum: '31000000.00', getSum: '4.00000000' },
      }),
    );
    await waitFor(() => expect(giveField().value).toBe('31000000'));
    expect(screen.getByRole('button', { name: 'Обменять' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal under the side it is about', async () => {
    await firstQuote();
    fireEvent.change(giveField(), { target: { value: '1000000' } });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () =>
      calls[1]!.refuse(400, {
        parameterErrors: [{ name: 'sum', messages: ['Превышен лимит', 'В резерве 1 BTC: уменьшите сумму'] }],
      }),
    );
    expect((await screen.findByTestId('get-problem')).textContent).toBe(
      'Превышен лимитВ резерве 1 BTC: уменьшите сумму',
    );
    expect(getField().value).toBe('');
  });

  it('disables both fields for an unavailable direction and asks nothing', async () => {
    available = false;
    renderConverter('/ru/SBERRUB--BTC');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Данное направление недоступно');
    expect(giveField().disabled).toBe(true);
    expect(getField().disabled).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
