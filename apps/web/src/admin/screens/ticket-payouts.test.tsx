import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicketPayout, AdminTicketPayoutList } from '@obmen/shared/admin';
import type { Lang } from '@obmen/shared/i18n';
import { initI18n } from '../../lib/i18n';
import { STAFF_ROUTE_ID } from '../admin-routes';
import { loadConsoleCopy } from '../i18n';
import { Component as TicketPayouts } from './ticket-payouts';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TXID = 'cd'.repeat(32);
const now = new Date().toISOString();

const payoutOf = (over: Partial<AdminTicketPayout>): AdminTicketPayout => ({
  id: 'p1',
  ticketId: 'abcdefghijklmnopqrstuv',
  ticketNumber: 100123,
  currencyCode: 'BTC',
  valute: 'BTC',
  amount: '0.25000000',
  address: ADDRESS,
  memo: null,
  provider: 'electrum',
  state: 'queued',
  holdReasons: [],
  approvalsNeeded: 0,
  approvals: [],
  key: 'obmen-100123-1',
  attempt: 1,
  providerRef: null,
  txid: null,
  txidUrl: null,
  lastError: null,
  notBefore: null,
  createdAt: now,
  updatedAt: now,
  ...over,
});

const listOf = (items: AdminTicketPayout[], over: Partial<AdminTicketPayoutList> = {}): AdminTicketPayoutList => ({
  items,
  page: 1,
  perPage: 50,
  total: items.length,
  counts: { queued: 0, awaiting_approval: 0, sending: 0, unknown: 0, sent: 0, failed: 0, cancelled: 0 },
  providers: [
    {
      currencyCode: 'BTC',
      valute: 'BTC',
      mode: 'electrum',
      balance: '0.10000000',
      balanceAt: now,
      error: null,
      waiting: '0.25000000',
      short: true,
    },
  ],
  enabled: true,
  ...over,
});

interface Posted {
  path: string;
  body: unknown;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The screen as operator "ann" sees it, the API answering `list` and each decision with `answer`. */
async function open(
  lang: Lang,
  list: AdminTicketPayoutList,
  answer: (path: string) => Response = () => new Response(JSON.stringify(list.items[0])),
) {
  const posted: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname.startsWith('/api/admin/ticket-payouts/')) {
        posted.push({ path: url.pathname, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
        return answer(url.pathname);
      }
      if (url.pathname === '/api/admin/ticket-payouts') return new Response(JSON.stringify(list));
      throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
    }),
  );
  await initI18n(lang);
  loadConsoleCopy();
  const router = createMemoryRouter(
    [
      {
        id: STAFF_ROUTE_ID,
        path: '/admin',
        loader: () => ({ token: 't', username: 'ann', role: 'operator' }),
        HydrateFallback: () => null,
        children: [{ path: 'ticket-payouts', Component: TicketPayouts }],
      },
    ],
    { initialEntries: ['/admin/ticket-payouts'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return posted;
}

const row = async () => within(await screen.findByTestId('payout-row'));
const dialogButton = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name });

describe('the auto payouts screen', () => {
  it.each([
    [
      'ru',
      'BTC: баланса не хватает на выплату — направления закрыты, пока его не пополнят.',
      'Больше лимита на заявку',
    ],
    [
      'en',
      'BTC: the balance is short of a payout — its directions are closed until it is topped up.',
      'Over the limit per ticket',
    ],
  ] as const)('says a short balance closed the directions, and why a payout waits (%s)', async (lang, short, hold) => {
    await open(lang, listOf([payoutOf({ state: 'awaiting_approval', holdReasons: ['over_ticket_limit'] })]));
    const provider = within(await screen.findByTestId('payout-provider'));
    expect(provider.getByRole('alert').textContent).toBe(short);
    expect((await row()).getByText(hold)).toBeTruthy();
    expect(screen.queryByTestId('payouts-off')).toBeNull();
  });

  it('says when PAYOUTS is off', async () => {
    await open('en', listOf([], { enabled: false, providers: [] }));
    expect((await screen.findByTestId('payouts-off')).textContent).toBe(
      'PAYOUTS is off: every payout is made by hand.',
    );
  });

  it.each(['ru', 'en'] as const)('approves with a POST and no body, once confirmed (%s)', async (lang) => {
    const posted = await open(
      lang,
      listOf([payoutOf({ state: 'awaiting_approval', holdReasons: ['four_eyes'], approvalsNeeded: 2 })]),
    );
    const approve = lang === 'ru' ? 'Одобрить' : 'Approve';
    fireEvent.click((await row()).getByRole('button', { name: new RegExp(`^${approve}`) }));
    expect(screen.getByRole('dialog').textContent).toContain(
      lang === 'ru' ? 'ещё один оператор' : 'Another operator must approve it',
    );
    expect(posted).toEqual([]);
    fireEvent.click(dialogButton(approve));
    await waitFor(() => expect(posted).toEqual([{ path: '/api/admin/ticket-payouts/p1/approve', body: undefined }]));
  });

  it('shows the server’s refusal of a second approval by the same operator in the dialog', async () => {
    const refusal = 'You have approved this payout already: a second operator must approve it';
    await open(
      'en',
      listOf([payoutOf({ state: 'awaiting_approval', approvalsNeeded: 2, approvals: [{ operator: 'bob', at: now }] })]),
      () => new Response(JSON.stringify({ error: { code: 'payout.sameApprover', message: refusal } }), { status: 409 }),
    );
    expect((await row()).getByText('Approvals: 1 of 2')).toBeTruthy();
    fireEvent.click((await row()).getByRole('button', { name: /^Approve/ }));
    fireEvent.click(dialogButton('Approve'));
    expect(await within(screen.getByRole('dialog')).findByText(refusal)).toBeTruthy();
  });

  it('does not offer a second approval to the operator who gave the first', async () => {
    await open(
      'en',
      listOf([payoutOf({ state: 'awaiting_approval', approvalsNeeded: 2, approvals: [{ operator: 'ann', at: now }] })]),
    );
    const approve = (await row()).getByRole('button', { name: /^Approve/ }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
  });

  it('retries a failed payout only with a reason', async () => {
    const posted = await open('en', listOf([payoutOf({ state: 'failed', lastError: 'Insufficient balance' })]));
    expect((await row()).getByText('Insufficient balance')).toBeTruthy();
    fireEvent.click((await row()).getByRole('button', { name: /^Retry/ }));
    fireEvent.click(dialogButton('Retry'));
    expect(await within(screen.getByRole('dialog')).findByText('This field is required')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'The wallet is topped up' } });
    fireEvent.click(dialogButton('Retry'));
    await waitFor(() =>
      expect(posted).toEqual([
        { path: '/api/admin/ticket-payouts/p1/retry', body: { reason: 'The wallet is topped up' } },
      ]),
    );
  });

  it('cancels a queued payout only with a reason (ru)', async () => {
    const posted = await open('ru', listOf([payoutOf({ state: 'queued' })]));
    fireEvent.click((await row()).getByRole('button', { name: /^Отменить/ }));
    fireEvent.click(dialogButton('Отменить выплату'));
    expect(await within(screen.getByRole('dialog')).findByText('Это поле обязательно')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText('Причина'), { target: { value: 'Клиент просит другой адрес' } });
    fireEvent.click(dialogButton('Отменить выплату'));
    await waitFor(() =>
      expect(posted).toEqual([
        { path: '/api/admin/ticket-payouts/p1/cancel', body: { reason: 'Клиент просит другой адрес' } },
      ]),
    );
  });

  it('offers no decision while a payout is with the provider', async () => {
    await open('en', listOf([payoutOf({ state: 'sending' })]));
    expect((await row()).queryByRole('button', { name: /^(Approve|Retry|Cancel|Resolve)/ })).toBeNull();
  });

  it('resolves an unknown outcome as sent only with its txid', async () => {
    const posted = await open('en', listOf([payoutOf({ state: 'unknown' })]));
    fireEvent.click((await row()).getByRole('button', { name: /^Resolve/ }));
    expect(screen.getByRole('dialog').textContent).toContain('obmen-100123-1');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Found in the wallet history' } });
    fireEvent.click(dialogButton('Save the outcome'));
    expect(await within(screen.getByRole('dialog')).findByText('This field is required')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText('Transaction ID (txid)'), { target: { value: TXID } });
    fireEvent.click(dialogButton('Save the outcome'));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/admin/ticket-payouts/p1/resolve',
          body: { outcome: 'sent', txid: TXID, reason: 'Found in the wallet history' },
        },
      ]),
    );
  });

  it('resolves an unknown outcome as not sent with a warning and no txid', async () => {
    const posted = await open('en', listOf([payoutOf({ state: 'unknown' })]));
    fireEvent.click((await row()).getByRole('button', { name: /^Resolve/ }));
    fireEvent.click(screen.getByLabelText('Not sent: nothing left, send it again with a new key'));
    expect(
      within(screen.getByRole('dialog')).getByText(
        'Only when you are sure: if it did leave, the customer is paid twice.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Transaction ID (txid)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Not in the withdrawal history' } });
    fireEvent.click(dialogButton('Save the outcome'));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/admin/ticket-payouts/p1/resolve',
          body: { outcome: 'not_sent', reason: 'Not in the withdrawal history' },
        },
      ]),
    );
  });
});
