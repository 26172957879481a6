import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SiteStateNotice } from '@obmen/shared/contracts';
import { i18n } from './i18n';
import { log } from './log';
import { REQUEST_TIMEOUT_MS, send } from './api-client';

const SITE_STATE_PATH = '/api/v1/SiteState';

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

/** Sets the status as known: in the browser from the page the server drew (before hydration), then by each answer. */
export function setSiteStatus(next: SiteStatus): void {
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

/** The status a page drawn on the server is drawn with: each request's own (entry-server.tsx). */
export const RenderSiteStatus = createContext<SiteStatus | null>(null);

export function useSiteStatus(): SiteStatus {
  const drawnWith = useContext(RenderSiteStatus);
  return useSyncExternalStore(subscribeSiteStatus, getSiteStatus, () => drawnWith ?? status);
}

function isNotice(value: unknown): value is SiteStateNotice {
  const v = value as Partial<SiteStateNotice> | null;
  return typeof v?.header === 'string' && typeof v.text === 'string';
}

let latestCheck = 0;

/** Asks `GET /api/v1/SiteState` once: 204 opens conversion, anything else or a failure closes it. */
export async function checkSiteStatus(): Promise<SiteStatus> {
  // A language switch asks again while a poll may still run: only the newest answer counts.
  const check = ++latestCheck;
  const apply = (next: SiteStatus) => {
    if (check === latestCheck) setSiteStatus(next);
  };
  try {
    apply(await askSiteStatus(i18n.language || 'ru'));
  } catch (error) {
    log.error('the site status call failed', error);
    apply({ convertEnabled: false, notice: status.notice, known: true });
  }
  return status;
}

/** `GET /api/v1/SiteState` in a language: 204 opens conversion; a 503 brings the operator's notice. */
export async function askSiteStatus(lang: string): Promise<SiteStatus> {
  const response = await send(SITE_STATE_PATH, {
    headers: { accept: 'application/json', 'accept-language': lang },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    cache: 'no-store',
  });
  if (response.status === 204) return { convertEnabled: true, notice: null, known: true };
  const body: unknown = await response.json().catch(() => null);
  return { convertEnabled: false, notice: isNotice(body) ? body : null, known: true };
}

let firstCheck: Promise<SiteStatus> | null = null;

/** The status once it is known: at once after the first answer, else when an answer comes. */
export function knownSiteStatus(): Promise<SiteStatus> {
  if (status.known) return Promise.resolve(status);
  firstCheck ??= checkSiteStatus();
  // Whichever check answers first (a newer one may overtake this one) makes the status known.
  return new Promise((resolve) => {
    const stop = subscribeSiteStatus(() => {
      if (!status.known) return;
      stop();
      resolve(status);
    });
  });
}

/**
 * Keeps the status fresh for the life of the app (spec §4, §9): asks at start, every 30 seconds,
 * and again when the language changes, so the maintenance notice is in the page's language.
 */
export function startSiteStatusPolling(): () => void {
  void knownSiteStatus();
  const timer = setInterval(() => void checkSiteStatus(), SITE_STATUS_POLL_MS);
  const onLanguage = () => {
    if (status.known) void checkSiteStatus();
  };
  const unsubscribe = i18n.subscribe(onLanguage);
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}

/** Forgets everything known, for tests. */
export function resetSiteStatus(): void {
  latestCheck++;
  firstCheck = null;
  setSiteStatus({ convertEnabled: false, notice: null, known: false });
}
