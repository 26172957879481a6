import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { initI18n } from '../../lib/i18n';
import { ticketFixture } from '../../testing/ticket-fixture';
import { loadConsoleCopy } from '../i18n';
import { TicketPanel } from './ticket-panel';

const TRON = 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H';
const ID = ticketFixture.id;

/** A ticket short-paid by a client who then asked support for the money back. */
const detail = {
  ticket: {
    ...ticketFixture,
    status: 'payment_problem',
    paymentProblem: 'under',
    received: '990.00',
    refundAddress: TRON,
  },
  userId: null,
  username: null,
  lang: 'ru',
  refundNote: null,
  feePercent: '1',
  discountPercent: '0',
  usdValue: '1000.00',
  cardCheck: { status: 'none', reason: null, uploadedAt: null, decidedAt: null },
  history: [],
  actions: ['requestRefund'],
  canRecordPayment: false,
  mails: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(lang: Lang, answer: (body: unknown) => Response) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === `/api/admin/tickets/${ID}/requestRefund`) {
        const body = JSON.parse(String(init.body)) as unknown;
        posted.push(body);
        return answer(body);
      }
      if (url.pathname === `/api/admin/tickets/${ID}`) return new Response(JSON.stringify(detail));
      throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
    }),
  );
  await initI18n(lang);
  loadConsoleCopy();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TicketPanel id={ID} closeTo="/admin/tickets" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posted;
}

describe('a refund the client asked support for', () => {
  it.each([
    ['ru', 'Запрошен возврат', 'Адрес возврата'],
    ['en', 'Refund requested', 'Refund address'],
  ] as const)('is asked for with the address the client gave, pre-filled (%s)', async (lang, button, label) => {
    const posted = await open(lang, () => new Response(JSON.stringify({ ...detail, actions: ['refund'] })));
    fireEvent.click(await screen.findByRole('button', { name: button }));
    const address = await screen.findByLabelText(label);
    expect((address as HTMLInputElement).value).toBe(TRON);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(dialog.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ refundAddress: TRON })]));
  });

  it('shows the server’s refusal of an address under its field', async () => {
    const refusal = 'Адрес не подходит для USDT';
    await open(
      'ru',
      () =>
        new Response(JSON.stringify({ parameterErrors: [{ name: 'refundAddress', messages: [refusal] }] }), {
          status: 400,
        }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Запрошен возврат' }));
    const address = await screen.findByLabelText('Адрес возврата');
    fireEvent.change(address, { target: { value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } });
    fireEvent.click(screen.getByRole('dialog').querySelector('button[type="submit"]')!);
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});

describe('a ticket with an automatic payout (issue 44)', () => {
  const TX = 'cd'.repeat(32);
  const payout = {
    id: 'p1',
    ticketId: ID,
    ticketNumber: ticketFixture.number,
    currencyCode: 'BTC',
    valute: 'BTC',
    amount: '0.01000000',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    memo: null,
    provider: 'electrum',
    state: 'sent',
    holdReasons: [],
    approvalsNeeded: 0,
    approvals: [],
    key: 'obmen-100123-1',
    attempt: 1,
    providerRef: null,
    txid: TX,
    txidUrl: `https://mempool.space/tx/${TX}`,
    lastError: null,
    notBefore: null,
    createdAt: '2026-11-26T10:05:00.000Z',
    updatedAt: '2026-11-26T10:06:00.000Z',
  };

  it('shows where the payout stands, its key and transaction, and the way to it in the queue', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === `/api/admin/tickets/${ID}`)
          return new Response(JSON.stringify({ ...detail, ticket: { ...detail.ticket, status: 'new' }, payout }));
        throw new Error(`unexpected call ${url.pathname}`);
      }),
    );
    await initI18n('en');
    loadConsoleCopy();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TicketPanel id={ID} closeTo="/admin/tickets" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const block = await screen.findByTestId('ticket-payout');
    expect(block.textContent).toContain('Sent');
    expect(block.textContent).toContain('obmen-100123-1');
    const links = [...block.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`https://mempool.space/tx/${TX}`, `/admin/ticket-payouts?q=${ticketFixture.number}`]);
  });
});

describe('the excess of an overpaid ticket (issue 45)', () => {
  it('shows what is owed and records the transaction the operator sent it with', async () => {
    const TX = 'ef'.repeat(32);
    const owed = { amount: '197.00', fee: '3.00', address: TRON, txid: null, txidUrl: null };
    const sent = { ...owed, txid: TX, txidUrl: `https://tronscan.org/#/transaction/${TX}` };
    const posted: unknown[] = [];
    const shown = (excessRefund: object) => ({
      ...detail,
      actions: ['complete'],
      ticket: { ...detail.ticket, status: 'new', paymentProblem: 'over', received: '1200.00', excessRefund },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'POST' && url.pathname === `/api/admin/tickets/${ID}/excess-refund`) {
          posted.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify(shown(sent)));
        }
        if (url.pathname === `/api/admin/tickets/${ID}`)
          return new Response(JSON.stringify(shown(posted.length > 0 ? sent : owed)));
        throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
      }),
    );
    await initI18n('ru');
    loadConsoleCopy();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TicketPanel id={ID} closeTo="/admin/tickets" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const block = await screen.findByTestId('excess-refund');
    expect(block.textContent).toBe(`197.00 USDT (удержана комиссия сети 3.00 USDT)${TRON}ещё не отправлен`);
    fireEvent.click(screen.getByRole('button', { name: 'Излишек отправлен' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Излишек по заявке № ${ticketFixture.number} отправлен?`,
    });
    fireEvent.change(screen.getByLabelText('Хеш транзакции возврата'), { target: { value: TX } });
    fireEvent.click(dialog.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(posted).toEqual([{ refundTxid: TX }]));
    await waitFor(() =>
      expect(screen.getByTestId('excess-refund').querySelector('a')?.getAttribute('href')).toBe(
        `https://tronscan.org/#/transaction/${TX}`,
      ),
    );
  });
});

describe('a ticket on AML review (issue 48)', () => {
  const reviewed = {
    ...detail,
    ticket: {
      ...detail.ticket,
      status: 'on_review',
      paymentProblem: null,
      review: { reason: 'aml_risk', deadline: '2026-11-29T10:30:00.000Z' },
    },
    actions: ['clearReview', 'refuseReview'],
  };

  it.each([
    ['ru', 'Пропустить проверку AML', 'Отказать по AML', /^Причина/],
    ['en', 'Clear AML review', 'Refuse on AML review', /^Reason/],
  ] as const)('is released or refused with a reason the audit keeps (%s)', async (lang, clear, refuse, reason) => {
    const posted: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'POST') {
          posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) as unknown });
          return new Response(JSON.stringify({ ...reviewed, actions: [] }));
        }
        if (url.pathname === `/api/admin/tickets/${ID}`) return new Response(JSON.stringify(reviewed));
        throw new Error(`unexpected call ${url.pathname}`);
      }),
    );
    await initI18n(lang);
    loadConsoleCopy();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TicketPanel id={ID} closeTo="/admin/tickets" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: clear })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: refuse }));
    const dialog = await screen.findByRole('dialog');
    // The reason is required: an empty one is not sent.
    fireEvent.click(dialog.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(posted).toEqual([]));
    fireEvent.change(screen.getByLabelText(reason), { target: { value: 'mixer funds' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]')!);
    await waitFor(() =>
      expect(posted).toEqual([{ path: `/api/admin/tickets/${ID}/refuseReview`, body: { note: 'mixer funds' } }]),
    );
  });
});
