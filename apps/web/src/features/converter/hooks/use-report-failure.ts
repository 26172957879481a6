import { useEffect } from 'react';
import { ApiTimeoutError } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { reportError } from '../../../lib/report-error';

/**
 * A failed converter call is written down for developers (spec §8); a timeout, or a failure the
 * user should hear about, also shows a notification.
 */
export function useReportFailure(error: unknown, context: string, { notify = false } = {}): void {
  useEffect(() => {
    if (!error) return;
    if (notify || error instanceof ApiTimeoutError) reportError(context, error);
    else log.error(context, error);
  }, [error, context, notify]);
}
