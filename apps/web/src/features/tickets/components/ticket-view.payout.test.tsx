import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../../lib/i18n';
import { ticketFixture } from '../../../testing/ticket-fixture';
import { TicketView } from './ticket-view';

const paid = { ...ticketFixture, status: 'new', createdAt: new Date().toISOString() };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(lang: Lang, ticket: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === `/api/v1/Tickets/${paid.id}`) return new Response(JSON.stringify(ticket));
      throw new Error(`unexpected call ${url.pathname}`);
    }),
  );
  await i18n.loadLater();
  await initI18n(lang);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/${lang}/ticket/${paid.id}`]}>
        <TicketView id={paid.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the ticket page while its payout is automatic (issue 44)', () => {
  it.each([
    ['ru', 'checking', 'Выплата на проверке'],
    ['en', 'checking', 'Your payout is being checked'],
    ['ru', 'sending', 'Отправляем выплату'],
    ['en', 'sending', 'Sending your payout'],
  ] as const)('says where the payout is (%s, %s)', async (lang, payout, line) => {
    await show(lang, { ...paid, payout });
    expect((await screen.findByTestId('payout-progress')).textContent).toBe(line);
  });

  it('keeps the waiting times of a payout made by hand', async () => {
    await show('en', { ...paid, payout: null });
    expect(await screen.findByText(/As soon as the funds arrive/)).toBeTruthy();
    expect(screen.queryByTestId('payout-progress')).toBeNull();
  });
});
