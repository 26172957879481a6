import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketThread as Thread } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../../lib/i18n';
import { TicketThread } from './ticket-thread';

// Issue 46: the thread on the ticket page — who wrote what and when, a labelled field with its
// counter, the server's refusals in the page's language, and markup shown as text.

const ID = 'tkt_thread_0001';
const at = (minutes: number) => new Date(Date.UTC(2025, 0, 15, 9, minutes)).toISOString();
const thread = (items: Thread['items'], open = true): Thread => ({ items, open, closesAt: null, maxLength: 2000 });
const customer = (body: string, readAt: string | null = null) => ({
  id: `c-${body}`,
  author: 'customer' as const,
  operator: null,
  body,
  createdAt: at(1),
  readAt,
});
const operator = (body: string) => ({
  id: `o-${body}`,
  author: 'operator' as const,
  operator: null,
  body,
  createdAt: at(5),
  readAt: null,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serve(routes: Record<string, (body: unknown) => Response>) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const route = routes[key];
      if (!route) throw new Error(`unexpected call ${key}`);
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      if (body !== undefined) posted.push(body);
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
      <MemoryRouter initialEntries={[`/${lang}/ticket/${ID}`]}>
        <TicketThread ticketId={ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the thread on the ticket page', () => {
  it('lists who wrote what and when, with markup as text, and sends a message from the labelled field', async () => {
    let current = thread([customer('<b>Where</b> is my money?', at(3)), operator('On its way.\nTxid soon.')]);
    const posted = serve({
      [`GET /api/v1/Tickets/${ID}/messages`]: () => json(current),
      [`POST /api/v1/Tickets/${ID}/messages`]: (body) => {
        current = thread([...current.items, customer((body as { body: string }).body)]);
        return json(current);
      },
    });
    await show('en');
    const list = await screen.findByTestId('ticket-messages');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You.*· read<b>Where<\/b> is my money\?$/),
      expect.stringMatching(/^Operator.*On its way\.\nTxid soon\.$/),
    ]);
    expect(list.querySelector('b')).toBeNull();
    expect(
      within(items[0]!)
        .getByText((_, el) => el?.tagName === 'TIME')
        .getAttribute('datetime'),
    ).toBe(at(1));

    const field = screen.getByLabelText('Your message');
    expect(field.getAttribute('maxlength')).toBe('2000');
    expect(screen.getByText('Characters left: 2000')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Thank you!' } });
    expect(screen.getByText('Characters left: 1990')).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByText('Characters left: 1990').id);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(posted).toEqual([{ body: 'Thank you!' }]);
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('says in Russian what the server refused: too many messages, a field error, a closed thread', async () => {
    let answer = json(
      { error: { code: 'too_many_attempts', message: 'Слишком много сообщений. Попробуйте через 12 мин.' } },
      429,
    );
    serve({
      [`GET /api/v1/Tickets/${ID}/messages`]: () => json(thread([])),
      [`POST /api/v1/Tickets/${ID}/messages`]: () => answer,
    });
    await show('ru');
    expect(await screen.findByText(/Сообщений пока нет/)).toBeTruthy();
    const field = screen.getByLabelText('Ваше сообщение');
    fireEvent.change(field, { target: { value: 'Добрый день' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'Слишком много сообщений. Попробуйте через 12 мин.',
    );
    expect((field as HTMLTextAreaElement).value).toBe('Добрый день');

    answer = json({ parameterErrors: [{ name: 'body', messages: ['Максимум 2000 символов'] }] }, 400);
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Максимум 2000 символов')).toBeTruthy();
  });

  it('shows a closed thread without a field', async () => {
    serve({ [`GET /api/v1/Tickets/${ID}/messages`]: () => json(thread([customer('hi')], false)) });
    await show('ru');
    expect((await screen.findByTestId('thread-closed')).textContent).toContain('переписка по ней закрыта');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
