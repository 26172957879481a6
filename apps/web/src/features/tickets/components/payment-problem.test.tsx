import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../../lib/i18n';
import { ticketFixture } from '../../../testing/ticket-fixture';
import { TicketView } from './ticket-view';

// Issue 45: a payment problem's choices, each with its figures before it is taken, and what the
// page says once one is taken.

const TRON = 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H';
const TX = 'cd'.repeat(32);
const deadline = new Date(Date.now() + 10 * 60_000).toISOString();
const base = {
  ...ticketFixture,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  refundAddress: TRON,
};
const over = {
  ...base,
  status: 'payment_problem',
  paymentProblem: 'over',
  received: '1200.00',
  paymentChoices: { payRest: null, refundExcess: { excess: '200.00', fee: '3.00', refund: '197.00' } },
};
const under = {
  ...base,
  status: 'payment_problem',
  paymentProblem: 'under',
  received: '800.00',
  paymentChoices: { payRest: { rest: '200.00', deadline }, refundExcess: null },
};
const quote = (validSeconds: number) => ({
  giveSum: '1200.00',
  getSum: '0.01194000',
  rate: '0.00000995',
  floatingRate: '0.0000100',
  fixedExtraPercent: '0.5',
  expireTime: new Date(Date.now() + validSeconds * 1000).toISOString(),
  validSeconds,
  quoteToken: 'token',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The API as the page sees it; each POST's body is kept, the answers may change with what was posted. */
function serve(routes: Record<string, (body: unknown) => Response>) {
  const posted: Record<string, unknown[]> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const route = routes[key];
      if (!route) throw new Error(`unexpected call ${key}`);
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      (posted[key] ??= []).push(body);
      return route(body);
    }),
  );
  return posted;
}

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

describe('an excess', () => {
  it('offers three choices in Russian, the excess one with its figures; taking it shows the refund owed', async () => {
    let current: object = over;
    const posted = serve({
      [`GET /api/v1/Tickets/${base.id}`]: () => json(current),
      [`POST /api/v1/Tickets/${base.id}/refund-excess`]: () => {
        current = {
          ...over,
          status: 'new',
          paymentChoices: null,
          excessRefund: { amount: '197.00', fee: '3.00', address: TRON, txid: null, txidUrl: null },
        };
        return json(current);
      },
    });
    await show('ru');
    // The choices are a chunk of their own, loaded with the first payment problem.
    const problem = await screen.findByTestId('payment-problem', {}, { timeout: 5000 });
    expect(problem.textContent).toContain('Получено больше суммы заявки');
    // Refund the excess, continue at today's rate, refund everything.
    expect(
      within(problem)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Обмен по курсу заявки, излишек — обратно', 'Продолжить по текущему курсу', 'Вернуть средства']);
    const choice = screen.getByTestId('choice-refund-excess');
    expect(choice.textContent).toContain('вы отдаёте 1\u00a0000,00 USDT, получаете 0,01 BTC');
    expect(screen.getByTestId('refund-excess-figures').textContent).toBe(
      'Излишек 200,00 USDT вернём за вычетом комиссии сети 3,00 USDT: придёт 197,00 USDT.',
    );
    expect(within(choice).getByLabelText<HTMLInputElement>('Адрес для возврата излишка').value).toBe(TRON);

    fireEvent.click(within(choice).getByRole('button', { name: 'Продолжить и вернуть излишек' }));
    await waitFor(() =>
      expect(posted[`POST /api/v1/Tickets/${base.id}/refund-excess`]).toEqual([{ address: TRON, refund: '197.00' }]),
    );
    expect((await screen.findByTestId('excess-refund')).textContent).toBe(
      `Излишек 197,00 USDT (за вычетом комиссии сети 3,00 USDT) вернём на ${TRON}. Транзакция возврата появится здесь, когда он уйдёт.`,
    );
    // The money is in: the screen says so, not that a payment is on its way.
    expect(screen.getByTestId('payment-received').textContent).toBe(
      'Платёж по заявке № 100123 получен: 1\u00a0200,00 USDT. Отправляем вам 0,01 BTC.',
    );
    expect(document.body.textContent).not.toContain('Зачисление платежа может занять');
  });

  it('shows the refund sent with its transaction, in English', async () => {
    serve({
      [`GET /api/v1/Tickets/${base.id}`]: () =>
        json({
          ...over,
          status: 'success',
          paymentChoices: null,
          excessRefund: {
            amount: '197.00',
            fee: '3.00',
            address: TRON,
            txid: TX,
            txidUrl: `https://tronscan.org/#/transaction/${TX}`,
          },
        }),
    });
    await show('en');
    const note = await screen.findByTestId('excess-refund');
    expect(note.textContent).toContain(`The excess of 197.00 USDT has been sent back to ${TRON}. Refund transaction:`);
    expect(
      within(note)
        .getByRole('link', { name: new RegExp(TX) })
        .getAttribute('href'),
    ).toBe(`https://tronscan.org/#/transaction/${TX}`);
  });
});

describe('a short payment', () => {
  it('offers the rest with the time left, in English; taking it asks for the rest on the ticket', async () => {
    let current: object = under;
    const posted = serve({
      [`GET /api/v1/Tickets/${base.id}`]: () => json(current),
      [`POST /api/v1/Tickets/${base.id}/pay-rest`]: () => {
        current = { ...under, status: 'advance', paymentChoices: null, rest: '200.00', paymentDeadline: deadline };
        return json(current);
      },
    });
    await show('en');
    const problem = await screen.findByTestId('payment-problem');
    expect(
      within(problem)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Pay the rest', 'Continue at the current rate', 'Get a refund']);
    const choice = screen.getByTestId('choice-pay-rest');
    expect(choice.textContent).toMatch(
      /^Pay the restSend 200\.00 USDT to the same address before .+\. Once the rest arrives/,
    );
    expect(choice.textContent).toContain('you get 0.01 BTC');
    expect(screen.getByTestId('pay-rest-left').textContent).toMatch(/^(10:00|09:5\d) left\.$/);

    fireEvent.click(within(choice).getByRole('button', { name: 'I will pay the rest' }));
    await waitFor(() => expect(posted[`POST /api/v1/Tickets/${base.id}/pay-rest`]).toEqual([{ rest: '200.00' }]));
    expect((await screen.findByTestId('awaiting-payment')).textContent).toMatch(
      /^Received 800\.00 USDT of 1,000\.00 USDT: pay the rest, 200\.00 USDT, to the same address, (10:00|09:5\d) left$/,
    );
  });

  it('is not offered once the window has passed: today’s rate or a refund remain', async () => {
    serve({
      [`GET /api/v1/Tickets/${base.id}`]: () =>
        json({ ...under, paymentChoices: { payRest: null, refundExcess: null } }),
    });
    await show('ru');
    const problem = await screen.findByTestId('payment-problem');
    expect(
      within(problem)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Продолжить по текущему курсу', 'Вернуть средства']);
  });
});

describe('continuing at today’s rate', () => {
  it('shows the fixed rate, why it differs from the floating one, and its seconds running out', async () => {
    let asked = 0;
    serve({
      [`GET /api/v1/Tickets/${base.id}`]: () => json(over),
      [`GET /api/v1/Tickets/${base.id}/continue`]: () => json(quote(asked++ === 0 ? 1 : 30)),
    });
    await show('en');
    await screen.findByTestId('payment-problem');
    fireEvent.click(screen.getByRole('button', { name: 'Show the offer' }));
    const offer = await screen.findByTestId('continue-offer');
    expect(offer.textContent).toContain('You give 1,200.00 USDT, you get 0.01194 BTC.');
    expect(offer.textContent).toContain('Rate 1 BTC = 100,502.51 USDT, fixed.');
    expect(offer.textContent).toContain(
      'It is 0.5% worse than today’s floating rate (1 BTC = 100,000 USDT): the price of a rate that does not move while you decide. The ticket had 1 BTC = 100,000 USDT.',
    );
    expect(screen.getByTestId('continue-valid').textContent).toBe('The offer holds for 1 s more.');
    // A quote of a second runs out on the page: it cannot be accepted, a new one can be asked for.
    await waitFor(() => expect(screen.getByTestId('continue-valid').textContent).toMatch(/has expired/), {
      timeout: 3000,
    });
    expect(screen.queryByRole('button', { name: 'Continue the exchange' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New offer' }));
    await waitFor(() =>
      expect(screen.getByTestId('continue-valid').textContent).toBe('The offer holds for 30 s more.'),
    );
    expect(screen.getByRole('button', { name: 'Continue the exchange' })).toBeTruthy();
  });
});
