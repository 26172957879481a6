import type { Db } from '../../db/database';
import { TooManyRequestsError } from '../../http/errors';
import { clearCount, releaseCounts, reserveCounts, type Slot } from '../rate-limits/rate-limits.repository';

/** How many failed sign-ins each counter lets through in its window (docs/security.md, "Signing in"). */
export interface LoginLimits {
  windowSeconds: number;
  /** Untrusted clients (no device cookie of the account): failures per account from one address. */
  perAccountAndIp: number;
  /** Untrusted clients: failures per account from every address together; past it only known browsers get in. */
  perAccount: number;
  /** Untrusted clients: failures from one address over every account (password spraying). */
  perIp: number;
  /** Failures of one device cookie: a stolen cookie cannot guess on for ever. */
  perDevice: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowSeconds: 15 * 60,
  perAccountAndIp: 5,
  perAccount: 10,
  perIp: 40,
  perDevice: 10,
};

/** One sign-in attempt, counted before the password is checked and settled after. */
export interface LoginAttempt {
  /** It stays counted; true when it filled an account's counter (someone is guessing its password). */
  failed(): Promise<boolean>;
  /** The right password: the attempt is given back and this address's (or cookie's) failures forgotten. */
  succeeded(): Promise<void>;
  /** Neither right nor wrong yet (the second factor is still to come): given back. */
  undecided(): Promise<void>;
}

/**
 * Failed sign-ins counted in PostgreSQL whatever REDIS_URL says: each attempt takes its place in
 * every counter before its password is checked, in one statement, so a burst across processes
 * checks no more guesses than the limit (reading first let 14 of 8 through).
 */
export function createLoginThrottle(db: Db, limits: LoginLimits) {
  return {
    /**
     * `account` names the account (its id, or the login typed when there is none: counted all the
     * same, so an unknown name answers like a known one); `device` is the nonce of a valid device
     * cookie for that account, or null for an untrusted client.
     */
    async begin(account: string, ip: string, device: string | null): Promise<LoginAttempt> {
      const accountSlots: Slot[] = device
        ? [{ key: `login:device:${device}`, max: limits.perDevice }]
        : [
            { key: `login:account-ip:${account}:${ip}`, max: limits.perAccountAndIp },
            { key: `login:account:${account}`, max: limits.perAccount },
          ];
      const slots = device ? accountSlots : [...accountSlots, { key: `login:ip:${ip}`, max: limits.perIp }];
      const taken = await reserveCounts(db, slots, limits.windowSeconds);
      if (!taken.ok) throw new TooManyRequestsError('auth.tooManyAttempts', taken.retryAfterSeconds);
      // The owner got in from here: their own typos at this address (or in this browser) are forgiven.
      const forgiven = accountSlots[0]!.key;
      return {
        failed: async () =>
          taken.slots.some((slot) => slot.count === slot.max && accountSlots.some((own) => own.key === slot.key)),
        succeeded: async () => {
          await releaseCounts(db, { slots: taken.slots.filter((slot) => slot.key !== forgiven) });
          await clearCount(db, forgiven);
        },
        undecided: () => releaseCounts(db, taken),
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
