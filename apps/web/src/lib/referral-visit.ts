import { apiRequest } from './api-client';
import { log } from './log';
import { isRefId, REF_ID_STORAGE_KEY } from './referral-id';

/** The referral ids whose visit this browser has already reported (spec §3), as `{ "42": true }`. */
export const REPORTED_REF_IDS_STORAGE_KEY = 'refVisits';

/** The referral id a `?r=` query names, or null when it names none (or something that is not one). */
export function refIdOfSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('r')?.trim();
  if (!isRefId(value)) return null;
  const refId = String(BigInt(value)); // '042' is 42
  return refId === '0' ? null : refId;
}

function reportedIds(): Record<string, true> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(REPORTED_REF_IDS_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, true>) : {};
  } catch {
    return {};
  }
}

function markReported(refId: string): void {
  try {
    localStorage.setItem(REPORTED_REF_IDS_STORAGE_KEY, JSON.stringify({ ...reportedIds(), [refId]: true }));
  } catch {
    // Storage blocked: the visit may be reported again, and the server ignores the repeat.
  }
}

/** Reports running in this tab, so two navigations at once do not both call. */
const reporting = new Map<string, Promise<void>>();

async function reportVisit(refId: string): Promise<void> {
  try {
    await apiRequest<void>(`/api/v1/Ref/visit/${refId}`, { silent: true });
    markReported(refId);
  } catch (error) {
    // Not marked: the next visit tries again. The visitor is not bothered with it.
    log.error(`reporting the visit of referral link ${refId} failed`, error);
  }
}

/**
 * Takes a referral link's `?r=NUMBER` (on any page): stores the id for registration and ticket
 * creation, and tells the server about the visit once per id (spec §4).
 */
export function captureReferral(search: string): Promise<void> {
  const refId = refIdOfSearch(search);
  if (!refId) return Promise.resolve();
  try {
    localStorage.setItem(REF_ID_STORAGE_KEY, refId);
  } catch {
    // Storage blocked: there is nowhere to keep the id; the visit can still be counted.
  }
  if (reportedIds()[refId]) return Promise.resolve();
  let running = reporting.get(refId);
  if (!running) {
    running = reportVisit(refId).finally(() => reporting.delete(refId));
    reporting.set(refId, running);
  }
  return running;
}
