import { ApiTimeoutError } from './api-client';
import { i18n } from './i18n';
import { log } from './log';
import { notify } from './notify';

/**
 * A call failed in a way the user cannot fix by editing a form: write it down for developers and
 * tell the user — a timeout as a connection problem, anything else as the generic error (spec §8).
 */
export function reportError(context: string, error: unknown): void {
  log.error(context, error);
  const key = error instanceof ApiTimeoutError ? 'error.timeout' : 'error.unexpected';
  notify({ status: 'error', message: i18n.t(key) });
}
