import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@obmen/shared/contracts';
import { i18n, initI18n } from '../../../../lib/i18n';
import { WebhooksSection } from './webhooks-section';

beforeAll(async () => {
  await i18n.loadLater();
  await initI18n('ru');
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const endpoint: WebhookEndpoint = {
  id: '0b4c1f0e-8a4e-4b8e-9a51-5d7f0f3f6a01',
  url: 'https://partner.example/hooks',
  events: ['ticket.created', 'ticket.success'],
  pausedBy: null,
  consecutiveFailures: 0,
  previousSecretUntil: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};

const failedDelivery: WebhookDelivery = {
  id: '5f2b8a1c-0d3e-4f6a-8b9c-1d2e3f4a5b6c',
  eventId: 'evt_1234',
  type: 'ticket.created',
  ticketId: 't1',
  state: 'failed',
  nextAttemptAt: null,
  createdAt: '2026-11-28T10:05:00.000Z',
  attempts: [
    {
      at: '2026-11-28T10:05:01.000Z',
      trigger: 'schedule',
      statusCode: 500,
      durationMs: 40,
      error: null,
      responseBody: 'boom',
    },
  ],
};

/** The partner API as the server answers it, kept in memory for one test. */
function fakeServer() {
  const endpoints: WebhookEndpoint[] = [];
  let delivery = failedDelivery;
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method, url, body });
    if (url.endsWith('/api/v1/Partner/webhooks') && method === 'GET') return json(200, endpoints);
    if (url.endsWith('/api/v1/Partner/webhooks') && method === 'POST') {
      endpoints.push({ ...endpoint, url: body.url, events: body.events });
      return json(200, { endpoint: endpoints.at(-1), secret: 'whsec_shown_once' });
    }
    if (url.endsWith('/deliveries')) return json(200, { items: [delivery] });
    if (url.endsWith('/redeliver')) {
      delivery = {
        ...delivery,
        state: 'delivered',
        attempts: [
          ...delivery.attempts,
          {
            at: '2026-11-28T11:00:00.000Z',
            trigger: 'redeliver',
            statusCode: 200,
            durationMs: 30,
            error: null,
            responseBody: 'ok',
          },
        ],
      };
      return json(200, delivery);
    }
    return json(404, { error: { code: 'not_found', message: 'Не найдено' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WebhooksSection owner="token" lang="ru" />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => cleanup());

describe('the webhooks section', () => {
  it('adds an address and shows its secret once', async () => {
    const server = fakeServer();
    renderSection();
    expect(await screen.findByText('Адресов для уведомлений пока нет.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Адрес (https://…)'), {
      target: { value: 'https://partner.example/hooks' },
    });
    fireEvent.click(screen.getByLabelText('Платёж замечен'));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить адрес' }));

    const secret = await screen.findByTestId('webhook-secret');
    expect(within(secret).getByText('whsec_shown_once')).toBeTruthy();
    expect(within(secret).getByText('Скопируйте его сейчас: он показывается только один раз.')).toBeTruthy();
    const sent = server.calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      url: 'https://partner.example/hooks',
      events: ['ticket.created', 'ticket.paid', 'ticket.problem', 'ticket.success', 'ticket.error', 'ticket.refunded'],
    });
    expect(await screen.findByTestId('webhook-endpoint')).toBeTruthy();

    fireEvent.click(within(secret).getByRole('button', { name: 'Я сохранил секрет' }));
    expect(screen.queryByText('whsec_shown_once')).toBeNull();
  });

  it('shows the delivery log with each try, and sends a delivery again', async () => {
    const server = fakeServer();
    // One endpoint already there.
    await (globalThis.fetch as typeof fetch)('/api/v1/Partner/webhooks', {
      method: 'POST',
      body: JSON.stringify({ url: endpoint.url, events: endpoint.events }),
    });
    renderSection();
    const item = await screen.findByTestId('webhook-endpoint');
    expect(within(item).getByText('https://partner.example/hooks')).toBeTruthy();
    expect(within(item).getByText('Работает · Заявка создана, Выполнена')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Журнал доставок' }));

    const log = await within(item).findByTestId('webhook-deliveries');
    expect(within(log).getByText('Не доставлено')).toBeTruthy();
    expect(within(log).getByText('evt_1234')).toBeTruthy();
    expect(within(log).getByText(/— 500 \(40 ms\)/)).toBeTruthy();

    fireEvent.click(within(log).getByRole('button', { name: 'Отправить снова' }));
    expect(await within(log).findByText('Доставлено')).toBeTruthy();
    expect(within(log).getByText(/— 200 \(30 ms\)/)).toBeTruthy();
    expect(server.calls.some((call) => call.url.endsWith(`/deliveries/${failedDelivery.id}/redeliver`))).toBe(true);
  });
});
