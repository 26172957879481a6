import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PartnerKey } from '@obmen/shared/contracts';
import { i18n, initI18n } from '../../../lib/i18n';
import { KeysSection } from './keys-section';

beforeAll(async () => {
  await i18n.loadLater();
  await initI18n('ru');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SECRET = 'obk_0123456789ab_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

/** The server as the area sees it: a list of keys that a create adds to and a revoke marks. */
function fakeServer() {
  const keys: PartnerKey[] = [];
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ url, body });
    if (url.endsWith('/api/v1/Partner/keys') && init?.method === 'POST') {
      const key: PartnerKey = {
        id: '7f1c2f4e-1111-4a5b-9c3d-000000000001',
        name: body.name,
        prefix: '0123456789ab',
        scopes: body.scopes,
        allowedIps: body.allowedIps,
        ratePerMinute: body.ratePerMinute,
        createdAt: '2026-11-28T10:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      };
      keys.unshift(key);
      return json(200, { ...key, secret: SECRET });
    }
    const revoke = /\/api\/v1\/Partner\/keys\/([^/]+)\/revoke$/.exec(url);
    if (revoke) {
      const key = keys.find((k) => k.id === revoke[1])!;
      key.revokedAt = '2026-11-28T11:00:00.000Z';
      return json(200, key);
    }
    if (url.endsWith('/api/v1/Partner/keys')) return json(200, { items: keys, maxLiveKeys: 10, maxRatePerMinute: 600 });
    return json(404, { error: { code: 'not_found', message: 'Не найдено' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <KeysSection owner="token" lang="ru" />
    </QueryClientProvider>,
  );
}

describe('the keys section', () => {
  it('shows a new key’s secret once, and only its prefix after', async () => {
    const calls = fakeServer();
    renderSection();
    expect(await screen.findByText('Ключей пока нет.')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Новый ключ' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Телеграм-бот' } });
    fireEvent.change(within(form).getByLabelText('Разрешённые адреса'), {
      target: { value: '203.0.113.0/24\n2001:db8::1' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать ключ' }));

    const secret = await screen.findByTestId('partner-key-secret');
    expect(secret.textContent).toContain(SECRET);
    expect(secret.textContent).toContain('он показывается один раз');
    const sent = calls.find((call) => call.body)!;
    expect(sent.body).toEqual({
      name: 'Телеграм-бот',
      scopes: ['quotes', 'tickets:create', 'tickets:read'],
      allowedIps: ['203.0.113.0/24', '2001:db8::1'],
      ratePerMinute: 60,
    });
    const list = await screen.findByTestId('partner-keys');
    expect(list.textContent).toContain('obk_0123456789ab_…');

    fireEvent.click(screen.getByRole('button', { name: 'Я сохранил ключ' }));
    expect(screen.queryByTestId('partner-key-secret')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('says what is wrong before sending: a key needs a name and a scope', async () => {
    const calls = fakeServer();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Новый ключ' });
    for (const box of within(form).getAllByRole('checkbox')) {
      if ((box as HTMLInputElement).checked) fireEvent.click(box);
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Создать ключ' }));
    expect(await within(form).findByText('Выберите хотя бы одно право')).toBeTruthy();
    expect(within(form).getByText('Это поле обязательно')).toBeTruthy();
    expect(calls.some((call) => call.body)).toBe(false);
  });

  it('revokes a key after asking once more, and lists it as revoked', async () => {
    const calls = fakeServer();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Новый ключ' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Сайт' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать ключ' }));
    const list = await screen.findByTestId('partner-keys');

    fireEvent.click(within(list).getByRole('button', { name: 'Отозвать' }));
    expect(within(list).getByText('Запросы с ключом «Сайт» сразу перестанут приниматься.')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Отозвать навсегда' }));

    await waitFor(() => expect(within(list).getByText(/^Отозван /)).toBeTruthy());
    expect(within(list).queryByRole('button', { name: 'Отозвать' })).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/revoke'))).toBe(true);
  });
});
