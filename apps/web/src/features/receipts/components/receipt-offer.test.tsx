import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReviewLink } from '@obmen/shared/contracts';
import { i18n, initI18n } from '../../../lib/i18n';
import { ReceiptOffer } from './receipt-offer';

beforeAll(async () => {
  await i18n.loadLater();
  await initI18n('en');
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderOffer(links: ReviewLink[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(links), { headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/en/ticket/t-1234567890']}>
        <ReceiptOffer ticketId="t-1234567890" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the receipt on a successful ticket', () => {
  it('links the printable receipt and offers the file; invites a review on each monitor the operator set', async () => {
    renderOffer([{ name: 'BestChange', url: 'https://www.bestchange.ru/obmen.html' }]);
    expect(screen.getByRole('link', { name: 'Open the receipt' }).getAttribute('href')).toBe(
      '/en/ticket/t-1234567890/receipt',
    );
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeTruthy();
    const monitor = await screen.findByRole('link', { name: 'BestChange' });
    expect(monitor.getAttribute('href')).toBe('https://www.bestchange.ru/obmen.html');
    expect(monitor.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('review-invitation').textContent).toContain('please leave a review on a monitor');
  });

  it('invites nobody when no monitor is set', async () => {
    renderOffer([]);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('review-invitation')).toBeNull();
    expect(screen.getByTestId('receipt-offer')).toBeTruthy();
  });
});
