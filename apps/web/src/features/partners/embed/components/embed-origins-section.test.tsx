import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbedSettings } from '@obmen/shared/contracts';
import { SiteAddress } from '../../../../components/page-meta';
import { i18n, initI18n } from '../../../../lib/i18n';
import { EmbedOriginsSection } from './embed-origins-section';

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

const site = (id: string, origin: string) => ({ id, origin, createdAt: '2026-11-28T00:00:00.000Z' });

/** A stand-in of the server's list: GET answers it, POST and DELETE change it. */
function serve(initial: EmbedSettings, refuse?: { status: number; body: unknown }) {
  const settings = { ...initial, origins: [...initial.origins] };
  const calls: { method: string; url: string; body: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? init.body : null });
      if (method === 'POST') {
        if (refuse) return json(refuse.status, refuse.body);
        const { origin } = JSON.parse(String(init!.body)) as { origin: string };
        const added = site(`id-${settings.origins.length + 1}`, origin.toLowerCase().replace(/\/$/, ''));
        settings.origins.push(added);
        return json(200, added);
      }
      if (method === 'DELETE') {
        settings.origins = settings.origins.filter((o) => !url.endsWith(`/${o.id}`));
        return new Response(null, { status: 204 });
      }
      return json(200, settings);
    }),
  );
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <SiteAddress value="https://obmen.example">
      <QueryClientProvider client={client}>
        <EmbedOriginsSection owner="token" lang="ru" />
      </QueryClientProvider>
    </SiteAddress>,
  );
}

describe('the widget settings of the partner area', () => {
  it('shows the partner’s <iframe> code with its number, and says no site may frame it yet', async () => {
    serve({ partner: '1001', origins: [], max: 10 });
    renderSection();
    expect(await screen.findByText(/Пока ни один сайт не может показывать ваш виджет/)).toBeTruthy();
    expect(screen.getByTestId('embed-snippet').textContent).toBe(
      '<iframe src="https://obmen.example/embed?partner=1001&lang=ru&theme=light" title="Obmen" width="480" height="720" style="border:0;max-width:100%"></iframe>',
    );
    expect(screen.getByRole('button', { name: 'Скопировать код' })).toBeTruthy();
  });

  it('adds a site and lists it as the server stored it, then removes it', async () => {
    const calls = serve({ partner: '1001', origins: [], max: 10 });
    renderSection();
    const form = await screen.findByRole('form', { name: 'Добавить сайт' });
    fireEvent.change(within(form).getByLabelText('Адрес сайта'), { target: { value: 'https://Wallet.Example/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить сайт' }));

    const list = await screen.findByRole('list', { name: 'Сайты, где можно показывать виджет' });
    expect(await within(list).findByText('https://wallet.example')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toBe('{"origin":"https://Wallet.Example/"}');

    fireEvent.click(within(list).getByRole('button', { name: 'Удалить https://wallet.example' }));
    expect(await screen.findByText(/Пока ни один сайт/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/Partner/embed/origins/id-1');
  });

  it('refuses what is no site address before sending, with the shared rule’s words', async () => {
    const calls = serve({ partner: '1001', origins: [], max: 10 });
    renderSection();
    const form = await screen.findByRole('form', { name: 'Добавить сайт' });
    const field = within(form).getByLabelText('Адрес сайта');
    fireEvent.change(field, { target: { value: 'https://wallet.example/widget' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить сайт' }));
    expect(await within(form).findByText(/только схема, хост и порт, без пути/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'http://wallet.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить сайт' }));
    expect(await within(form).findByText('Сайт должен работать по https')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal under the field', async () => {
    serve(
      { partner: '1001', origins: [], max: 10 },
      { status: 400, body: { parameterErrors: [{ name: 'origin', messages: ['Сайт должен работать по https'] }] } },
    );
    renderSection();
    const form = await screen.findByRole('form', { name: 'Добавить сайт' });
    fireEvent.change(within(form).getByLabelText('Адрес сайта'), { target: { value: 'http://localhost:3000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить сайт' }));
    expect(await within(form).findByText('Сайт должен работать по https')).toBeTruthy();
  });

  it('offers no more sites once the list is full', async () => {
    serve({
      partner: '1001',
      origins: Array.from({ length: 10 }, (_, i) => site(`id-${i}`, `https://site${i}.example`)),
      max: 10,
    });
    renderSection();
    expect(await screen.findByText('Это максимум — 10 сайтов. Удалите один, чтобы добавить другой.')).toBeTruthy();
    expect(screen.getByLabelText('Адрес сайта')).toHaveProperty('disabled', true);
  });
});
