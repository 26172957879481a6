import { ApiError, connectionMessageKey } from './api-client';
import { i18n } from './i18n';
import { log } from './log';
import { notify } from './notify';

/** Answers whose server message is more useful to the user than the generic one. */
const TOLD_STATUSES = new Set([429, 503]);

/** What to tell the user about a failed call: a connection problem, the server's word for a busy or paused service, or the generic error (spec §8). */
export function errorMessage(error: unknown): string {
  const connection = connectionMessageKey(error);
  if (connection) return i18n.t(connection);
  if (error instanceof ApiError && TOLD_STATUSES.has(error.status) && error.errorMessage) return error.errorMessage;
  return i18n.t('error.unexpected');
}

/**
 * A call failed in a way the user cannot fix by editing a form: write it down for developers and
 * tell the user — a timeout as a connection problem, anything else as the generic error (spec §8).
 */
export function reportError(context: string, error: unknown): void {
  log.error(context, error);
  notify({ status: 'error', message: errorMessage(error) });
}
