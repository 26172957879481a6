import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearNotifications, notify, NOTIFICATION_LIFETIME_MS } from '../../../lib/notify';
import { NotificationStack } from './notification-stack';

beforeAll(async () => {
  await initI18n('ru');
});

afterEach(() => {
  cleanup();
  act(() => clearNotifications());
  vi.useRealTimers();
});

describe('the notification stack', () => {
  it('reads errors out as alerts and the rest politely, each closable', () => {
    render(<NotificationStack />);
    // The live regions are there before anything is said, or screen readers would miss it.
    const alerts = screen.getByRole('alert');
    const statuses = screen.getByRole('status');
    act(() => {
      notify({ status: 'error', message: 'Произошла непредвиденная ошибка' });
      notify({ status: 'success', message: 'Пароль изменён' });
    });
    expect(alerts.textContent).toContain('Ошибка: Произошла непредвиденная ошибка');
    expect(statuses.textContent).toContain('Готово: Пароль изменён');

    fireEvent.click(within(alerts).getByRole('button', { name: 'Закрыть уведомление' }));
    expect(alerts.textContent).toBe('');
    expect(statuses.textContent).toContain('Пароль изменён');
  });

  it('shows each with its icon, drops it after 10 seconds, and shows a repeated message once', () => {
    vi.useFakeTimers();
    render(<NotificationStack />);
    act(() => {
      notify({ status: 'error', message: 'Нет связи' });
      vi.advanceTimersByTime(3_000);
      notify({ status: 'success', message: 'Ссылка скопирована' });
      notify({ status: 'error', message: 'Нет связи' });
    });
    expect(screen.getAllByTestId('notification-error')).toHaveLength(1);
    expect(screen.getByTestId('notification-error').querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('notification-success').querySelector('svg')).not.toBeNull();

    // The repeat started its own 10 s: the first card's time passing does not take it away.
    act(() => vi.advanceTimersByTime(NOTIFICATION_LIFETIME_MS - 1));
    expect(screen.getAllByTestId(/notification-/)).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('notification-success')).toBeNull();
    expect(screen.queryByTestId('notification-error')).toBeNull();
  });
});
