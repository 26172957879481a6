import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { TwoFactorStatus } from '@obmen/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { UserRow } from './accounts.repository';
import type { SecretSealer } from './two-factor-secret';
import {
  countUnusedRecoveryCodes,
  deleteOtherSessions,
  deleteTwoFactor,
  findTwoFactor,
  isTwoFactorEnabled,
  markTwoFactorEnabled,
  replaceRecoveryCodes,
  takeRecoveryCode,
  takeStep,
  upsertPendingTwoFactor,
} from './two-factor.repository';

const PERIOD = 30;
const RECOVERY_CODES = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

// What a person types: case, spaces and dashes do not matter.
const normalizeCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashCode = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

/** `abcde-fgh23`: 50 random bits, easy to copy from paper. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, the codes of one step either side
 * accepted for clock drift) with one-time recovery codes. Optional for users; operators and
 * admins need it before the console opens (auth-guards.ts).
 */
export function createTwoFactorService({
  db,
  sealer,
  issuer = 'Obmen',
}: {
  db: Db;
  sealer: SecretSealer;
  issuer?: string;
}) {
  const totpFor = (user: UserRow, secret: string) =>
    new TOTP({ issuer, label: user.username, secret: Secret.fromBase32(secret), period: PERIOD });

  /** A TOTP code of the user's secret not used before; its step is taken, so it passes only once. */
  async function takeTotp(user: UserRow, sealedSecret: string, code: string): Promise<boolean> {
    const delta = totpFor(user, sealer.open(user.id, sealedSecret)).validate({ token: code, window: 1 });
    if (delta === null) return false;
    return takeStep(db, user.id, TOTP.counter({ period: PERIOD }) + delta);
  }

  /** A current TOTP code, or one of the unused recovery codes (then used up). */
  async function takeCode(user: UserRow, code: string): Promise<boolean> {
    const row = await findTwoFactor(db, user.id);
    if (!row?.enabledAt) return false;
    if (/^\d{6}$/.test(code.trim())) return takeTotp(user, row.sealedSecret, code.trim());
    return takeRecoveryCode(db, user.id, hashCode(code));
  }

  return {
    isEnabled: (userId: string) => isTwoFactorEnabled(db, userId),

    async status(user: UserRow): Promise<TwoFactorStatus> {
      const enabled = await isTwoFactorEnabled(db, user.id);
      return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0 };
    },

    /** A new secret to scan; 2FA is on only once a code of it is confirmed. */
    async start(user: UserRow): Promise<{ secret: string; otpauthUri: string }> {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await upsertPendingTwoFactor(db, user.id, sealer.seal(user.id, secret)))) {
        throw new AppError(409, 'two_factor_on', 'twoFactor.alreadyOn');
      }
      return { secret, otpauthUri: totpFor(user, secret).toString() };
    },

    /**
     * Takes the first code of the new secret: true when it is right. The caller checks it within
     * a re-authentication (accounts.service.ts `reauthenticate`), so wrong ones are counted.
     */
    async takeFirstCode(user: UserRow, code: string): Promise<boolean> {
      const row = await findTwoFactor(db, user.id);
      if (!row) throw new AppError(409, 'two_factor_not_started', 'twoFactor.notStarted');
      if (row.enabledAt) throw new AppError(409, 'two_factor_on', 'twoFactor.alreadyOn');
      return /^\d{6}$/.test(code.trim()) && takeTotp(user, row.sealedSecret, code.trim());
    },

    /**
     * Turns 2FA on once its first code was taken, and answers the recovery codes (shown once).
     * Every other session ends: each one left was opened by whoever knew the password.
     */
    async enable(user: UserRow, currentTokenHash: string): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await db.transaction(async (tx) => {
        await markTwoFactorEnabled(tx, user.id);
        await replaceRecoveryCodes(tx, user.id, codes.map(hashCode));
        await deleteOtherSessions(tx, user.id, currentTokenHash);
      });
      return codes;
    },

    /** True when the code (TOTP or recovery) lets the user in; it cannot be used again. */
    verify: takeCode,

    /** Turns it off; the caller has taken the password and a current code (two-factor.routes.ts). */
    async disable(user: UserRow): Promise<void> {
      await db.transaction((tx) => deleteTwoFactor(tx, user.id));
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
