import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { CardCheck } from './card-check';

const side = (code: string, valute: string, kind: string) => ({
  code,
  name: code,
  valute,
  iconPath: '',
  scale: 2,
  kind,
  sum: '10000.00',
});
const ticket = {
  id: 'abcdefghijklmnopqrstuv',
  number: 100123,
  status: 'card_check',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  email: 'client@example.com',
  give: side('SBERRUB', 'RUB', 'card'),
  get: side('BTC', 'BTC', 'crypto'),
  rate: '0.0000001',
  fixed: false,
  manual: true,
  promo: null,
  requisites: { give: [], get: [] },
  paymentDeadline: null,
  payTo: null,
  reason: null,
  expired: false,
  payoutReference: null,
  payoutReferenceUrl: null,
  referral: null,
  cardCheck: { status: 'none', reason: null },
  history: [],
};

beforeAll(async () => {
  await i18n.loadLater();
  await initI18n('ru');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(ticket), { status: 200 })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderCardCheck() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/ru/ticket/${ticket.id}/card_check`]}>
        <CardCheck id={ticket.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: /Проверка карты · заявка № 100123/ });
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

const choose = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

describe('choosing a card photo', () => {
  it('refuses what is no photo and what is over 10 MB before sending anything', async () => {
    const input = await renderCardCheck();
    const sent = vi.mocked(fetch).mock.calls.length;
    choose(input, new File(['%PDF'], 'card.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Нужна фотография в формате JPEG, PNG или WebP')).toBeTruthy();
    const huge = new File(['x'], 'card.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(input, huge);
    expect(screen.getByText('Файл больше 10 МБ')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(vi.mocked(fetch).mock.calls.length).toBe(sent);
  });

  it('shows a preview of a photo it accepts, ready to send', async () => {
    const input = await renderCardCheck();
    choose(input, new File(['jpeg'], 'card.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('img', { name: 'Выбранная фотография карты' }).getAttribute('src')).toBe('blob:preview');
    expect(screen.getByText('card.jpg')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Отправить на проверку' }).disabled).toBe(false);
  });
});
