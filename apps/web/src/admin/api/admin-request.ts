import { apiRequest, type RequestOptions } from '../../lib/api-client';
import { getSession } from '../../features/auth/session';

/** A call to the console's API (/api/admin/…). */
export function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(`/api/admin${path}`, options);
}

/** An image the API only gives to a logged-in operator, as an object URL for an <img>. */
export async function adminImage(path: string, signal?: AbortSignal): Promise<string | null> {
  const token = getSession().token;
  const response = await fetch(`/api/admin${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(signal && { signal }),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return URL.createObjectURL(await response.blob());
}

/** Query keys of the console, one family per resource, so a change refreshes exactly what it touched. */
export const adminKeys = {
  all: ['admin'] as const,
  tickets: () => [...adminKeys.all, 'tickets'] as const,
  ticketList: (filter: object) => [...adminKeys.tickets(), 'list', filter] as const,
  ticket: (id: string) => [...adminKeys.tickets(), 'detail', id] as const,
  messages: (id: string) => [...adminKeys.tickets(), 'messages', id] as const,
  resource: (name: string) => [...adminKeys.all, name] as const,
  list: (name: string, filter: object) => [...adminKeys.all, name, 'list', filter] as const,
};
