import { randomBytes } from 'node:crypto';

/**
 * Ids for the requests that come without one from the proxy: a random prefix drawn once per
 * process, then a counter. As unique across processes and restarts as the logs need, with no
 * entropy drawn per request: `crypto.randomUUID` refills its pool with a system call every 128
 * ids, which took ~3 % of the busiest call's CPU here (issue 11, get_currencies).
 */
export function requestIds(): () => string {
  const prefix = randomBytes(8).toString('hex');
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}-${count.toString(36)}`;
  };
}
