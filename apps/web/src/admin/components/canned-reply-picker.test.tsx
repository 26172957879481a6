import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { CannedReplyPicker } from './canned-reply-picker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPLIES = [
  {
    id: 'r1',
    title: 'Payment not found',
    lang: 'en',
    text: 'We have not received 959.83 USDT for ticket № 100123 yet.',
  },
  { id: 'r2', title: 'Payout delayed', lang: 'en', text: 'The payout of 0.01000000 BTC is delayed.' },
];

async function show(replies: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      return new Response(JSON.stringify(replies));
    }),
  );
  await initI18n('ru');
  loadConsoleCopy();
  const picked: string[] = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CannedReplyPicker ticketId="t1" onPick={(text) => picked.push(text)} />
    </QueryClientProvider>,
  );
  return { picked, asked };
}

describe('the canned-reply picker', () => {
  it("offers the ticket's replies, says their language, and hands the chosen one's filled text over", async () => {
    const { picked, asked } = await show(REPLIES);
    const select = (await screen.findByTestId('canned-reply-picker')) as HTMLSelectElement;
    expect(asked).toEqual(['/api/admin/tickets/t1/canned-replies']);
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Вставить ответ (EN)',
      'Payment not found',
      'Payout delayed',
    ]);
    fireEvent.change(select, { target: { value: 'r2' } });
    expect(picked).toEqual(['The payout of 0.01000000 BTC is delayed.']);
    // It stays ready for the next pick.
    expect(select.value).toBe('');
  });

  it('says there are no replies when none is written', async () => {
    await show([]);
    expect(await screen.findByText('Шаблонов ответов пока нет')).toBeTruthy();
  });
});
