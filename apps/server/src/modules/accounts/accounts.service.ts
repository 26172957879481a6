import type { z } from 'zod';
import type {
  changePasswordBody,
  Lang,
  loginBody,
  registerBody,
  resetPasswordBody,
  SessionUser,
  UserInfo,
} from '@obmen/shared';
import type { Db, DbOrTx } from '../../db/database';
import { ParameterError, TooManyRequestsError } from '../../http/errors';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/mail.templates';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import {
  consumePasswordReset,
  deleteSession,
  deleteUnusedPasswordResets,
  deleteUserSessions,
  findPasswordResetUser,
  findSessionUser,
  findTakenFields,
  findUserByEmail,
  findUserByLogin,
  findUserIdByRefNumber,
  insertPasswordReset,
  insertSession,
  insertUser,
  updateUser,
  type UserRow,
} from './accounts.repository';
import { hashPassword, verifyPassword } from './password-hashing';
import { checkNewPassword } from './password-strength';
import { hashToken, newToken } from './tokens';

export interface LoginLimits {
  windowSeconds: number;
  perAccount: number;
  perIp: number;
}

export interface AccountsOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Where failed logins are counted, shared by every process. */
  rateLimits: RateLimitStore;
  loginLimits?: LoginLimits;
  sessionDays?: number;
  resetMinutes?: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowSeconds: 15 * 60, perAccount: 8, perIp: 40 };

export function toUserInfo(user: UserRow): UserInfo {
  return {
    username: user.username,
    email: user.email,
    lang: user.lang,
    role: user.role,
    refId: user.refNumber,
    createdAt: user.createdAt.toISOString(),
  };
}

export function createAccountsService({
  db,
  mailer,
  publicUrl,
  rateLimits,
  loginLimits = DEFAULT_LOGIN_LIMITS,
  sessionDays = 30,
  resetMinutes = 60,
}: AccountsOptions) {
  // An unknown login is checked against this hash, so it takes as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const timingDummy = () => (dummyHash ??= hashPassword(newToken()));

  async function openSession(tx: DbOrTx, user: UserRow): Promise<SessionUser> {
    const token = newToken();
    await insertSession(tx, hashToken(token), user.id, new Date(Date.now() + sessionDays * 86_400_000));
    return { access_token: token, username: user.username, email: user.email, lang: user.lang, role: user.role };
  }

  /** The account whose password this is, or the error a login gets. */
  async function checkedLogin(body: z.output<typeof loginBody>, ip: string): Promise<UserRow> {
    const user = await findUserByLogin(db, body.username);
    // Counted per account whichever of its names is typed, and per address.
    const accountKey = `login:account:${user?.id ?? body.username.toLowerCase()}`;
    const ipKey = `login:ip:${ip}`;
    const { windowSeconds, perAccount, perIp } = loginLimits;
    const [account, address] = await rateLimits.peek([accountKey, ipKey], windowSeconds);
    if (account.count >= perAccount) throw new TooManyRequestsError('auth.tooManyAttempts', account.retryAfterSeconds);
    if (address.count >= perIp) throw new TooManyRequestsError('auth.tooManyAttempts', address.retryAfterSeconds);

    const valid = await verifyPassword(user?.passwordHash ?? (await timingDummy()), body.password);
    if (!user || !valid) {
      await rateLimits.hit(accountKey, windowSeconds);
      await rateLimits.hit(ipKey, windowSeconds);
      throw ParameterError.of({ password: 'auth.invalidCredentials' });
    }
    // Most logins have no failures to forget: no write for them (one statement less per login).
    if (account.count > 0) await rateLimits.clear(accountKey);
    if (user.blocked) throw ParameterError.of({ password: 'auth.blocked' });
    return user;
  }

  return {
    async register(body: z.output<typeof registerBody>, lang: Lang): Promise<SessionUser> {
      const taken = await findTakenFields(db, body.username, body.email);
      if (taken.username || taken.email) {
        throw ParameterError.of({
          ...(taken.username && { username: 'auth.usernameTaken' }),
          ...(taken.email && { email: 'auth.emailTaken' }),
        });
      }
      await checkNewPassword(body.password, body, 'password');
      const passwordHash = await hashPassword(body.password);
      // A referral link that no longer leads anywhere must not stop anyone from signing up.
      const referrerId = body.refId ? await findUserIdByRefNumber(db, Number(body.refId)) : undefined;
      return db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          username: body.username,
          email: body.email,
          passwordHash,
          lang,
          referrerId: referrerId ?? null,
        });
        // Someone took the name or e-mail between the check and the insert.
        if (!user) throw ParameterError.of({ username: 'auth.usernameTaken' });
        return openSession(tx, user);
      });
    },

    async login(body: z.output<typeof loginBody>, ip: string): Promise<SessionUser> {
      return openSession(db, await checkedLogin(body, ip));
    },

    userByToken(token: string): Promise<UserRow | undefined> {
      return findSessionUser(db, hashToken(token));
    },

    logout(token: string): Promise<void> {
      return deleteSession(db, hashToken(token));
    },

    /**
     * Ends every session of the user (design §6) and opens a new one for the caller, so only the
     * browser that changed the password stays signed in; unused reset links stop working too.
     */
    async changePassword(user: UserRow, body: z.output<typeof changePasswordBody>): Promise<SessionUser> {
      if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
        throw ParameterError.of({ oldPassword: 'auth.wrongOldPassword' });
      }
      await checkNewPassword(body.newPassword, user, 'newPassword');
      const passwordHash = await hashPassword(body.newPassword);
      return db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash, passwordChangedAt: new Date() });
        await deleteUserSessions(tx, user.id);
        await deleteUnusedPasswordResets(tx, user.id);
        return openSession(tx, user);
      });
    },

    /** Mails a single-use link when the e-mail is known; the caller answers the same either way. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const token = newToken();
      const link = `${publicUrl}/${user.lang}/reset?${new URLSearchParams({ email: user.email, token })}`;
      await db.transaction(async (tx) => {
        await insertPasswordReset(tx, hashToken(token), user.id, new Date(Date.now() + resetMinutes * 60_000));
        await mailer.enqueue(tx, {
          to: user.email,
          lang: user.lang,
          kind: 'password_reset',
          content: passwordResetMail(user.lang, user.username, link),
        });
      });
      void mailer.flush();
    },

    /** Sets the new password, ends every session and every other reset link of the account. */
    async resetPassword(body: z.output<typeof resetPasswordBody>): Promise<void> {
      const tokenHash = hashToken(body.Token);
      // The token first: without one, the password's verdict would tell whether the e-mail is registered.
      const owner = await findPasswordResetUser(db, tokenHash, body.Email);
      if (!owner) throw ParameterError.of({ Token: 'auth.resetInvalid' });
      await checkNewPassword(body.Password, owner, 'Password');
      const passwordHash = await hashPassword(body.Password);
      await db.transaction(async (tx) => {
        const userId = await consumePasswordReset(tx, tokenHash, body.Email);
        if (!userId) throw ParameterError.of({ Token: 'auth.resetInvalid' });
        await updateUser(tx, userId, { passwordHash, passwordChangedAt: new Date() });
        await deleteUserSessions(tx, userId);
        await deleteUnusedPasswordResets(tx, userId);
      });
    },

    changeLang(user: UserRow, lang: Lang): Promise<void> {
      return updateUser(db, user.id, { lang });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
