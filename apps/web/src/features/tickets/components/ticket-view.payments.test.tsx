import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../../lib/i18n';
import { ticketFixture } from '../../../testing/ticket-fixture';
import { TicketView } from './ticket-view';

const TX = 'ab'.repeat(32);
const base = {
  ...ticketFixture,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  paymentDeadline: new Date(Date.now() + 600_000).toISOString(),
};
const payment = (confirmations: number, confirmedAt: string | null) => ({
  txid: TX,
  url: `https://tronscan.org/#/transaction/${TX}`,
  amount: '990.00',
  confirmations,
  required: 20,
  seenAt: new Date().toISOString(),
  confirmedAt,
  gone: false,
  source: 'chain',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const route = routes[key];
      if (!route) throw new Error(`unexpected call ${key}`);
      return route();
    }),
  );
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

async function show(lang: Lang) {
  await i18n.loadLater();
  await initI18n(lang);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/${lang}/ticket/${base.id}`]}>
        <TicketView id={base.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the ticket page while a payment confirms', () => {
  it.each([
    ['ru', 'Платёж получен, 3 из 20 подтверждений'],
    ['en', 'Payment seen, 3 of 20 confirmations'],
  ] as const)('says how many confirmations it has (%s) and links the transaction', async (lang, line) => {
    serve({
      [`GET /api/v1/Tickets/${base.id}`]: () => json({ ...base, status: 'advance', payments: [payment(3, null)] }),
    });
    await show(lang);
    expect((await screen.findByTestId('payment-seen')).textContent).toBe(line);
    const link = screen.getByRole('link', { name: new RegExp(TX) });
    expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${TX}`);
  });
});

describe('the ticket page with a payment problem', () => {
  const problem = {
    ...base,
    status: 'payment_problem',
    paymentProblem: 'under',
    received: '990.00',
    refundAddress: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H',
    payments: [payment(20, new Date().toISOString())],
  };

  it('offers both ways out in Russian: the offer is shown before it is accepted', async () => {
    const accepted = vi.fn(() => json({ ...problem, status: 'new', payments: problem.payments }));
    serve({
      [`GET /api/v1/Tickets/${base.id}`]: () => json(problem),
      [`GET /api/v1/Tickets/${base.id}/continue`]: () =>
        json({
          giveSum: '990.00',
          getSum: '0.00990000',
          rate: '0.00001',
          floatingRate: '0.00001005',
          fixedExtraPercent: '0.5',
          expireTime: new Date(Date.now() + 30_000).toISOString(),
          validSeconds: 30,
          quoteToken: 'token',
        }),
      [`POST /api/v1/Tickets/${base.id}/continue`]: accepted,
    });
    await show('ru');
    const section = await screen.findByTestId('payment-problem');
    expect(section.textContent).toContain('Получено меньше суммы заявки');
    expect(section.textContent).toContain('Получено: 990,00 USDT');
    // The refund address given up front is filled in.
    expect(screen.getByLabelText<HTMLInputElement>('Адрес для возврата').value).toBe(problem.refundAddress);

    fireEvent.click(screen.getByRole('button', { name: 'Показать расчёт' }));
    expect((await screen.findByTestId('continue-offer')).textContent).toMatch(
      /^Вы отдаёте 990,00 USDT, получаете 0,0099\d* BTC/,
    );
    expect(accepted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить обмен' }));
    await vi.waitFor(() => expect(accepted).toHaveBeenCalled());
  });

  it('says in English why a refund address is refused', async () => {
    serve({
      [`GET /api/v1/Tickets/${base.id}`]: () => json({ ...problem, refundAddress: null }),
      [`POST /api/v1/Tickets/${base.id}/refund`]: () =>
        json({ parameterErrors: [{ name: 'address', messages: ['This is not a valid USDT address'] }] }, 400),
    });
    await show('en');
    await screen.findByText('Less than the ticket amount was received');
    fireEvent.change(screen.getByLabelText('Refund address'), { target: { value: 'bc1qnotatron' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a refund' }));
    expect(await screen.findByText('This is not a valid USDT address')).toBeTruthy();
  });
});
