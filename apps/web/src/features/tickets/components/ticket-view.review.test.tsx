import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../../lib/i18n';
import { ticketFixture } from '../../../testing/ticket-fixture';
import { TicketView } from './ticket-view';

// Issue 48: a paid ticket on AML review says why, until when, and what happens next; once refused
// (or past its deadline) only the refund is offered.

const deadline = '2026-11-29T10:30:00.000Z';
const base = { ...ticketFixture, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
const onReview = {
  ...base,
  status: 'on_review',
  received: '1000.00',
  reason: 'Источник платежа получил высокую оценку риска при проверке AML',
  review: { reason: 'aml_risk', deadline },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(lang: Lang, ticket: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === `/api/v1/Tickets/${base.id}`) return new Response(JSON.stringify(ticket));
      throw new Error(`unexpected call ${url.pathname}`);
    }),
  );
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

describe('a ticket on AML review', () => {
  it.each([
    ['ru', 'Проверка AML', 'Источник платежа получил высокую оценку риска', 'решит до', 'откроется возврат'],
    ['en', 'AML review', 'The source of the payment scored a high risk', 'decides by', 'a refund opens'],
  ] as const)('says why, until when and what happens next (%s)', async (lang, status, why, by, next) => {
    await show(lang, onReview);
    const review = await screen.findByTestId('aml-review');
    expect(review.textContent).toContain(why);
    expect(review.textContent).toContain(next);
    const when = screen.getByTestId('aml-review-deadline').textContent!;
    expect(when).toContain(by);
    expect(when).toMatch(/2026/);
    expect(document.body.textContent).toContain(status);
  });

  it('offers only the refund once the review refused the payment or ran out of time', async () => {
    await show('en', {
      ...base,
      status: 'payment_problem',
      paymentProblem: 'aml',
      received: '1000.00',
      paymentChoices: { payRest: null, refundExcess: null },
    });
    const problem = await screen.findByTestId('payment-problem', {}, { timeout: 5000 });
    expect(problem.textContent).toContain('The AML review did not accept the payment');
    expect(
      within(problem)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Get a refund']);
  });
});
