import { useSyncExternalStore } from 'react';
import type { SiteStateNotice } from '@obmen/shared/contracts';
import { i18n } from './i18n';
import { log } from './log';
import { REQUEST_TIMEOUT_MS } from './api-client';

/** How often the site status is asked again (spec §9). */
export const SITE_STATUS_POLL_MS = 30_000;

export interface SiteStatus {
  /** True only after the status call answered 204 (spec §4); false before, on any other answer, on failure. */
  convertEnabled: boolean;
  /** The operator's maintenance notice, when the server sent one. */
  notice: SiteStateNotice | null;
  /** False until the first answer (or failure), so pages can wait instead of flashing the notice. */
  known: boolean;
}

let status: SiteStatus = { convertEnabled: false, notice: null, known: false };
const listeners = new Set<() => void>();

function set(next: SiteStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

export function getSiteStatus(): SiteStatus {
  return status;
}

export function subscribeSiteStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteStatus(): SiteStatus {
  return useSyncExternalStore(subscribeSiteStatus, getSiteStatus, getSiteStatus);
}

function isNotice(value: unknown): value is SiteStateNotice {
  const v = value as Partial<SiteStateNotice> | null;
  return typeof v?.header === 'string' && typeof v.text === 'string';
}

/** Asks `GET /api/v1/SiteState` once: 204 opens conversion, anything else or a failure closes it. */
export async function checkSiteStatus(): Promise<SiteStatus> {
  try {
    const response = await fetch('/api/v1/SiteState', {
      headers: { accept: 'application/json', 'accept-language': i18n.language || 'ru' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      cache: 'no-store',
    });
    if (response.status === 204) {
      set({ convertEnabled: true, notice: null, known: true });
    } else {
      const body: unknown = await response.json().catch(() => null);
      set({ convertEnabled: false, notice: isNotice(body) ? body : null, known: true });
    }
  } catch (error) {
    log.error('the site status call failed', error);
    set({ convertEnabled: false, notice: status.notice, known: true });
  }
  return status;
}
