import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { TicketTelegram } from './ticket-telegram';

const id = 'abcdefghijklmnopqrstuv';
const link = 'https://t.me/obmen_bot?start=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

beforeAll(async () => {
  await i18n.loadLater();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server as the block sees it: GET the state, POST a deep link. */
function serve(state: { enabled: boolean; chats: number }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${String(input)}`);
      const body = method === 'POST' ? { url: link, expiresAt: new Date().toISOString() } : state;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.stubGlobal('open', vi.fn());
  return calls;
}

function renderBlock(status: 'advance' | 'success' = 'advance') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TicketTelegram ticket={{ id, status }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the ticket page’s Telegram block', () => {
  it('offers a one-time deep link to the bot, in Russian', async () => {
    await initI18n('ru');
    const calls = serve({ enabled: true, chats: 0 });
    renderBlock();
    fireEvent.click(await screen.findByRole('button', { name: 'Получать новости в Telegram' }));
    const open = await screen.findByRole('link', { name: 'Открыть Telegram' });
    expect(open.getAttribute('href')).toBe(link);
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(calls).toContain(`POST /api/v1/Tickets/${id}/telegram`);
    expect(window.open).toHaveBeenCalledWith(link, '_blank', 'noopener,noreferrer');
  });

  it('says the chat is linked, in English', async () => {
    await initI18n('en');
    serve({ enabled: true, chats: 1 });
    renderBlock();
    expect((await screen.findByRole('status')).textContent).toContain('Telegram is on');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing without a bot, or once the ticket is finished', async () => {
    await initI18n('ru');
    serve({ enabled: false, chats: 0 });
    const { container } = renderBlock();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe('');
    cleanup();
    serve({ enabled: true, chats: 0 });
    const finished = renderBlock('success');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished.container.innerHTML).toBe('');
  });
});
