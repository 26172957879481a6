import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@obmen/shared/contracts';
import { i18n, initI18n } from '../../../lib/i18n';
import { clearNotifications } from '../../../lib/notify';
import { CreateTicket } from './create-ticket';

const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const currency = (code: string, name: string, valute: string, scale: number) => ({
  name,
  codeName: code,
  valute,
  iconPath: '',
  highlighted: false,
  aliases: [],
  scale,
  kind: 'crypto',
});

let quotes = 0;
const quote = () => {
  quotes += 1;
  return {
    giveSum: '959.83',
    getSum: '0.01000000',
    rate: '0.0000104185',
    expireTime: new Date(Date.now() + 30_000).toISOString(),
    quoteToken: `token-${quotes}`,
    fee: '1.2',
    discount: '0',
    promo: null,
    promoError: null,
    fixed: false,
    rateSources: [{ valute: 'BTC', sources: ['binance', 'okx', 'kraken'], at: SOURCES_AT }],
    confirmations,
  };
};
// Moscow is UTC+3: 11:05:12Z reads 14:05:12 wherever the test runs.
const SOURCES_AT = '2026-11-21T11:05:12.000Z';
let confirmations: number | null = null;

type Reply = { status: number; body: unknown };
let createReplies: Reply[] = [];
const creates: { body: Record<string, unknown>; key: string | null }[] = [];

function answer(url: string, init: RequestInit | undefined): Reply {
  if (url.includes('/get_currency/USDTTRC20'))
    return { status: 200, body: currency('USDTTRC20', 'Tether TRC20', 'USDT', 2) };
  if (url.includes('/get_currency/BTC')) return { status: 200, body: currency('BTC', 'Bitcoin', 'BTC', 8) };
  if (url.includes('/get_fields/')) {
    const field = { kind: 'address', hint: '', placeholder: '', pattern: '^bc1[a-z0-9]{20,60}$', required: true };
    return {
      status: 200,
      body: { give: [], get: [{ ...field, name: 'walletAddress', label: 'Адрес кошелька Bitcoin' }] },
    };
  }
  if (url.includes('/calculate')) return { status: 200, body: quote() };
  if (url.includes('/Tickets/create')) {
    const headers = new Headers(init?.headers);
    creates.push({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      key: headers.get('idempotency-key'),
    });
    return createReplies.shift() ?? { status: 500, body: null };
  }
  return { status: 404, body: null };
}

beforeAll(async () => {
  await i18n.loadLater();
  await initI18n('ru');
});

beforeEach(() => {
  quotes = 0;
  creates.length = 0;
  createReplies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { status, body } = answer(String(input), init);
      return new Response(body === null ? null : JSON.stringify(body), { status });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearNotifications();
  vi.unstubAllGlobals();
});

function renderCreate(onCreated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/ru/ticket/create']}>
        <CreateTicket
          draft={{
            giveName: 'USDTTRC20',
            getName: 'BTC',
            direction: 'buy',
            useFixed: false,
            sum: '0.01',
            promocode: '',
          }}
          email="client@example.com"
          refId="1001"
          onCreated={onCreated}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onCreated;
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

async function fillAndReview() {
  const wallet = await screen.findByLabelText('Адрес кошелька Bitcoin');
  await waitFor(() => expect(button('Продолжить').disabled).toBe(false));
  fireEvent.change(wallet, { target: { value: WALLET } });
  fireEvent.click(screen.getByLabelText(/условия AML\/KYC/));
  fireEvent.click(screen.getByLabelText(/правилами обмена/));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Продолжить' })));
  await screen.findByRole('heading', { name: 'Проверьте заявку' });
}

const confirm = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Подтвердить и создать заявку' })));

describe('the order page', () => {
  it.each([
    ['ru', null, ['BTC: медиана Binance, OKX, Kraken на 14:05:12 МСК']],
    [
      'en',
      6,
      [
        'BTC: median of Binance, OKX, Kraken at 14:05:12 Moscow time',
        'Network confirmations for the payment to count: 6',
      ],
    ],
  ] as const)(
    'names the sources of the rate, and the confirmations of a watched currency (%s)',
    async (lang, count, line) => {
      confirmations = count;
      await initI18n(lang);
      try {
        renderCreate();
        const shown = [...(await screen.findByTestId('rate-sources')).querySelectorAll('li')].map(
          (li) => li.textContent,
        );
        expect(shown).toEqual(line);
      } finally {
        confirmations = null;
        await initI18n('ru');
      }
    },
  );
});

describe('creating a ticket', () => {
  it('sends the live quote, the requisites and the referral id with an Idempotency-Key, once', async () => {
    const ticket = { id: 'abcdefghijklmnopqrstuv', status: 'advance' } as Ticket;
    createReplies = [{ status: 200, body: ticket }];
    const onCreated = renderCreate();
    await screen.findByText('Шаг 1 из 3');
    await fillAndReview();
    screen.getByText('Шаг 2 из 3');
    await confirm();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(ticket));
    expect(creates).toHaveLength(1);
    expect(creates[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(creates[0]!.body).toMatchObject({
      giveName: 'USDTTRC20',
      getName: 'BTC',
      giveSum: '959.83',
      getSum: '0.01000000',
      calcDirection: 'buy',
      quoteToken: expect.stringMatching(/^token-\d+$/),
      refId: '1001',
      email: 'client@example.com',
      requisites: { give: {}, get: { walletAddress: WALLET } },
      agreeAml: true,
      agreeRules: true,
    });
  });

  it('shows a field the server refused under that field, back on step 1', async () => {
    createReplies = [
      {
        status: 400,
        body: { parameterErrors: [{ name: 'requisites.get.walletAddress', messages: ['Неверное значение'] }] },
      },
    ];
    renderCreate();
    await fillAndReview();
    await confirm();
    const wallet = await screen.findByLabelText('Адрес кошелька Bitcoin');
    screen.getByText('Шаг 1 из 3');
    expect(wallet.getAttribute('aria-invalid')).toBe('true');
    const described = (wallet.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain('Неверное значение');
    expect(document.activeElement).toBe(wallet);
  });

  it('after “the sums changed” shows why, prices the exchange again and sends the next attempt with a new key', async () => {
    createReplies = [
      {
        status: 409,
        body: {
          error: { code: 'sums_changed', message: 'Суммы не совпадают с текущим расчётом: проверьте новые суммы' },
        },
      },
      { status: 200, body: { id: 'abcdefghijklmnopqrstuv', status: 'advance' } },
    ];
    const onCreated = renderCreate();
    await fillAndReview();
    const quotesBefore = quotes;
    await confirm();
    await screen.findByText('Суммы не совпадают с текущим расчётом: проверьте новые суммы');
    await waitFor(() => expect(quotes).toBeGreaterThan(quotesBefore));
    await waitFor(() => expect(button('Подтвердить и создать заявку').disabled).toBe(false));
    await confirm();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(creates).toHaveLength(2);
    expect(creates[1]!.key).not.toBe(creates[0]!.key);
  });
});
