import { useSyncExternalStore } from 'react';

/** How long a notification stays on screen (spec §4, §9). */
export const NOTIFICATION_LIFETIME_MS = 10_000;

export type NotificationStatus = 'success' | 'error';

export interface Notification {
  id: number;
  status: NotificationStatus;
  message: string;
}

let notifications: readonly Notification[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function remove(id: number): boolean {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  const before = notifications.length;
  notifications = notifications.filter((item) => item.id !== id);
  return notifications.length !== before;
}

/** Shows a status message; one with the same text replaces the old one, so repeats do not pile up. */
export function notify({ status, message }: { status: NotificationStatus; message: string }): number {
  const same = notifications.find((item) => item.message === message);
  if (same) remove(same.id);
  const id = nextId++;
  notifications = [...notifications, { id, status, message }];
  timers.set(
    id,
    setTimeout(() => dismissNotification(id), NOTIFICATION_LIFETIME_MS),
  );
  emit();
  return id;
}

export function dismissNotification(id: number): void {
  if (remove(id)) emit();
}

export function clearNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  notifications = [];
  emit();
}

export function getNotifications(): readonly Notification[] {
  return notifications;
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
}
