import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearNotifications, notify } from '../../../lib/notify';
import { NotificationStack } from './notification-stack';

beforeAll(() => {
  initI18n('ru');
});

afterEach(() => {
  cleanup();
  act(() => clearNotifications());
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
});
