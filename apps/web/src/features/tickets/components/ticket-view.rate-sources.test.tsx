import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../../lib/i18n';
import { ticketFixture } from '../../../testing/ticket-fixture';
import { TicketView } from './ticket-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(lang: Lang, ticket: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(ticket), { status: 200 })),
  );
  await i18n.loadLater();
  await initI18n(lang);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/${lang}/ticket/${ticketFixture.id}`]}>
        <TicketView id={ticketFixture.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// Moscow is UTC+3: 11:05:12Z reads 14:05:12 wherever the test runs.
const AT = '2026-11-21T11:05:12.000Z';

describe('the ticket page of a floating rate (issue 45)', () => {
  it.each([
    ['ru', 'BTC: медиана Binance, OKX, Kraken на 14:05:12 МСК'],
    ['en', 'BTC: median of Binance, OKX, Kraken at 14:05:12 Moscow time'],
  ] as const)('names the sources its rate was made from (%s)', async (lang, line) => {
    await show(lang, {
      ...ticketFixture,
      rateSources: [{ valute: 'BTC', sources: ['binance', 'okx', 'kraken'], at: AT }],
    });
    expect((await screen.findByTestId('rate-sources')).textContent).toBe(line);
  });

  it('says nothing of sources for a fixed rate, whose figures came with its quote', async () => {
    await show('ru', { ...ticketFixture, fixed: true, rateSources: [] });
    await screen.findByText('Фиксированный курс', { exact: false });
    expect(screen.queryByTestId('rate-sources')).toBeNull();
  });
});
