import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketThread as Thread } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { TicketThread } from './ticket-thread';

// Issue 46: the thread in the ticket panel — unread messages marked, the operator's answer sent,
// and a canned reply picked into the answer.

const ID = 'tkt_console_thread';
const asked = {
  id: 'm1',
  author: 'customer' as const,
  operator: null,
  body: 'Where is my <i>money</i>?',
  createdAt: new Date(Date.UTC(2025, 0, 15, 9, 0)).toISOString(),
  readAt: null,
};
const thread = (items: Thread['items']): Thread => ({ items, open: true, closesAt: null, maxLength: 2000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(lang: Lang) {
  let current = thread([asked]);
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      posted.push(key);
      if (key === `GET /api/admin/tickets/${ID}/messages`) return new Response(JSON.stringify(current));
      if (key === `GET /api/admin/tickets/${ID}/canned-replies`)
        return new Response(
          JSON.stringify([{ id: 'r1', title: 'Выплата ушла', lang: 'ru', text: 'Выплата ушла, txid в заявке.' }]),
        );
      if (key === `POST /api/admin/tickets/${ID}/messages/read`) {
        current = thread([{ ...asked, readAt: new Date().toISOString() }]);
        return new Response(JSON.stringify(current));
      }
      if (key === `POST /api/admin/tickets/${ID}/messages`) {
        const { body } = JSON.parse(String(init!.body)) as { body: string };
        current = thread([
          { ...asked, readAt: new Date().toISOString() },
          { ...asked, id: 'm2', author: 'operator', operator: 'anna', body },
        ]);
        return new Response(JSON.stringify(current));
      }
      throw new Error(`unexpected call ${key}`);
    }),
  );
  await initI18n(lang);
  loadConsoleCopy();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TicketThread ticketId={ID} />
    </QueryClientProvider>,
  );
  return posted;
}

describe('the thread in the ticket panel', () => {
  it('marks the unread message and clears it when marked read (en)', async () => {
    const calls = await open('en');
    const list = await screen.findByTestId('console-messages');
    expect(list.textContent).toContain('Customer');
    expect(list.textContent).toContain('unread');
    expect(list.textContent).toContain('Where is my <i>money</i>?');
    expect(list.querySelector('i')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(list.textContent).not.toContain('unread'));
    expect(calls).toContain(`POST /api/admin/tickets/${ID}/messages/read`);
  });

  it('sends the answer filled in from a canned reply, and names the operator (ru)', async () => {
    await open('ru');
    const field = await screen.findByLabelText('Ответ клиенту');
    fireEvent.change(await screen.findByTestId('canned-reply-picker'), { target: { value: 'r1' } });
    expect((field as HTMLTextAreaElement).value).toBe('Выплата ушла, txid в заявке.');
    expect(screen.getByText('Осталось символов: 1972')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
    const list = screen.getByTestId('console-messages');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toContain('anna');
    expect((field as HTMLTextAreaElement).value).toBe('');
  });
});
