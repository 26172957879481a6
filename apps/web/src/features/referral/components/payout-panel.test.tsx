import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RefCurrency, RefSummary } from '@obmen/shared/contracts';
import { i18n, initI18n } from '../../../lib/i18n';
import { PayoutPanel } from './payout-panel';

beforeAll(async () => {
  await i18n.loadLater();
  await initI18n('ru');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (patch: Partial<RefSummary>): RefSummary => ({
  refId: 1001,
  link: 'http://localhost/ru/?r=1001',
  visits: 3,
  referrals: 2,
  activeReferrals: 1,
  balanceUsd: '5.11',
  earnedUsd: '5.11',
  pendingUsd: '0.00',
  paidOutUsd: '0.00',
  activeReferralsRequired: 5,
  minPayoutUsd: '10.00',
  withdrawBlockedReason: 'Для вывода нужно 5 активных рефералов, у вас 1',
  ...patch,
});

const usdt: RefCurrency = {
  codeName: 'USDTTRC20',
  name: 'Tether TRC20',
  valute: 'USDT',
  iconPath: '/icons/usdt.svg',
  scale: 2,
  minSum: '10.00',
  maxSum: '25.59',
  unavailableReason: null,
  requisite: {
    name: 'walletAddress',
    kind: 'address',
    label: 'Адрес USDT в сети TRON (TRC20)',
    hint: '',
    placeholder: '',
    pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    required: true,
  },
  addRequisite: null,
};

function renderPanel(value: RefSummary) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PayoutPanel owner="token" lang="ru" summary={value} />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the payout panel', () => {
  it('says how many active referrals are still missing, and offers no form', () => {
    renderPanel(summary({}));
    expect(screen.getByTestId('payout-blocked').textContent).toContain('Сейчас активных: 1, осталось ещё 4.');
    expect(screen.getByRole('progressbar', { name: 'Активные рефералы: 1 из 5' })).toHaveProperty('value', 1);
    expect(screen.queryByRole('button', { name: 'Заказать выплату' })).toBeNull();
  });

  it('names the minimum when the referrals are there but the balance is not', () => {
    renderPanel(summary({ activeReferrals: 5, balanceUsd: '3.20', withdrawBlockedReason: 'x' }));
    expect(screen.getByTestId('payout-blocked').textContent).toBe(
      'Минимальная сумма вывода — 10,00\u00a0USD. Сейчас на балансе 3,20\u00a0USD.',
    );
  });

  it('shows what the server refused under the field it belongs to', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/Ref/getcurrencies')) return json(200, [usdt]);
      return json(400, { parameterErrors: [{ name: 'Requisite', messages: ['Этот адрес заблокирован'] }] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPanel(summary({ activeReferrals: 5, balanceUsd: '25.60', withdrawBlockedReason: null }));

    const form = await screen.findByRole('form', { name: 'Вывод средств' });
    fireEvent.click(within(form).getByRole('button', { name: 'Весь баланс' }));
    expect(within(form).getByLabelText('Сумма, USDT')).toHaveProperty('value', '25.59');
    const address = within(form).getByLabelText('Адрес USDT в сети TRON (TRC20)');
    fireEvent.change(address, { target: { value: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Заказать выплату' }));

    expect(await within(form).findByText('Этот адрес заблокирован')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/Ref/createpayout'));
    expect(String(sent![1]?.body)).toBe(
      'Currency=USDTTRC20&Sum=25.59&Requisite=TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H&AddRequisite=',
    );
  });

  it('lists a currency the balance does not reach as unavailable, with the reason, and picks one it does', async () => {
    const btc: RefCurrency = {
      ...usdt,
      codeName: 'BTC',
      name: 'Bitcoin',
      valute: 'BTC',
      scale: 8,
      minSum: '0.00010543',
      maxSum: null,
      unavailableReason: 'Баланс меньше минимальной выплаты в этой валюте: 0.00010543 BTC',
    };
    vi.stubGlobal('fetch', async () => json(200, [btc, usdt]));
    renderPanel(summary({ activeReferrals: 5, balanceUsd: '25.60', withdrawBlockedReason: null }));

    const form = await screen.findByRole('form', { name: 'Вывод средств' });
    const option = within(form).getByRole('option', { name: /^Bitcoin \(BTC\) — Баланс меньше/ });
    expect(option).toHaveProperty('disabled', true);
    expect(within(form).getByLabelText('Валюта выплаты')).toHaveProperty('value', 'USDTTRC20');
    expect(within(form).getByLabelText('Сумма, USDT')).toHaveProperty('disabled', false);
  });
});
