import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications, dismissNotification, getNotifications, notify, NOTIFICATION_LIFETIME_MS } from './notify';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearNotifications();
  vi.useRealTimers();
});

const messages = () => getNotifications().map(({ status, message }) => `${status}: ${message}`);

describe('notifications', () => {
  it('keeps them in order and removes each after 10 000 ms', () => {
    notify({ status: 'error', message: 'Произошла непредвиденная ошибка' });
    vi.advanceTimersByTime(4_000);
    notify({ status: 'success', message: 'Пароль изменён' });
    expect(messages()).toEqual(['error: Произошла непредвиденная ошибка', 'success: Пароль изменён']);

    vi.advanceTimersByTime(NOTIFICATION_LIFETIME_MS - 4_000 - 1);
    expect(messages()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual(['success: Пароль изменён']);
    vi.advanceTimersByTime(4_000);
    expect(messages()).toEqual([]);
  });

  it('replaces an older one with the same message, which then lives its own full 10 000 ms', () => {
    notify({ status: 'error', message: 'Нет связи' });
    notify({ status: 'success', message: 'Другое' });
    vi.advanceTimersByTime(6_000);
    notify({ status: 'error', message: 'Нет связи' });
    expect(messages()).toEqual(['success: Другое', 'error: Нет связи']);

    vi.advanceTimersByTime(NOTIFICATION_LIFETIME_MS - 6_000);
    expect(messages()).toEqual(['error: Нет связи']);
    vi.advanceTimersByTime(6_000);
    expect(messages()).toEqual([]);
  });

  it('can be dismissed before its time', () => {
    const id = notify({ status: 'success', message: 'Готово' });
    dismissNotification(id);
    expect(messages()).toEqual([]);
    vi.advanceTimersByTime(NOTIFICATION_LIFETIME_MS);
    expect(messages()).toEqual([]);
  });
});
