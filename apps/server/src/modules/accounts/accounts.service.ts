import type { z } from 'zod';
import type {
  changePasswordBody,
  Lang,
  MessageKey,
  loginBody,
  registerBody,
  resetPasswordBody,
  SessionUser,
  UserInfo,
} from '@obmen/shared';
import type { Db, DbOrTx } from '../../db/database';
import { ParameterError } from '../../http/errors';
import type { Mailer } from '../mail/mailer';
import { loginGuessingMail, passwordResetMail } from '../mail/mail.templates';
import { reserveCounts } from '../rate-limits/rate-limits.repository';
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
import type { DeviceCookie, DeviceCookies } from './device-cookie';
import { createLoginThrottle, DEFAULT_LOGIN_LIMITS, type LoginAttempt, type LoginLimits } from './login-throttle';
import type { TwoFactorService } from './two-factor.service';
import type { RegisterCodes } from './register-codes';

/** Who is signing in, as far as a sign-in can tell: the address and the cookies it came with. */
export interface LoginClient {
  ip: string;
  cookies: Record<string, string | undefined>;
}

export interface AccountsOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  deviceCookies: DeviceCookies;
  twoFactor: TwoFactorService;
  registerCodes: RegisterCodes;
  loginLimits?: LoginLimits;
  sessionDays?: number;
  resetMinutes?: number;
}

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
  deviceCookies,
  twoFactor,
  registerCodes,
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

  const throttle = createLoginThrottle(db, loginLimits);

  /** Tells the owner, once a window, that sign-ins to the account are being refused for wrong passwords. */
  async function alertOwner(user: UserRow, ip: string): Promise<void> {
    const once = await reserveCounts(db, [{ key: `login:alert:${user.id}`, max: 1 }], loginLimits.windowSeconds);
    if (!once.ok) return;
    const minutes = Math.ceil(loginLimits.windowSeconds / 60);
    await mailer.enqueue(db, {
      to: user.email,
      lang: user.lang,
      kind: 'login_guessing',
      content: loginGuessingMail(user.lang, user.username, ip, minutes),
    });
    void mailer.flush();
  }

  /** The error of a wrong password or code, the attempt kept counted and the owner told once its counter fills. */
  const failure =
    (attempt: LoginAttempt, user: UserRow | undefined, ip: string) => async (field: string, key: MessageKey) => {
      if ((await attempt.failed()) && user) await alertOwner(user, ip);
      return ParameterError.of({ [field]: key });
    };

  /** The account whose password this is, or the error a login gets. */
  async function checkedLogin(body: z.output<typeof loginBody>, client: LoginClient): Promise<UserRow> {
    const user = await findUserByLogin(db, body.username);
    // Counted per account whichever of its names is typed; an unknown name is counted as typed.
    const account = user?.id ?? `unknown:${body.username.trim().toLowerCase()}`;
    const device = user
      ? deviceCookies.nonceOf(user.username, client.cookies[deviceCookies.nameFor(user.username)])
      : null;
    const attempt = await throttle.begin(account, client.ip, device);
    const valid = await verifyPassword(user?.passwordHash ?? (await timingDummy()), body.password);
    const fail = failure(attempt, user, client.ip);
    if (!user || !valid) throw await fail('password', 'auth.invalidCredentials');
    if (await twoFactor.isEnabled(user.id)) {
      // The right password without a code is not a guess: the form asks for the code and comes back.
      if (!body.code) {
        await attempt.undecided();
        throw ParameterError.of({ code: 'twoFactor.codeRequired' });
      }
      if (!(await twoFactor.verify(user, body.code))) throw await fail('code', 'twoFactor.codeInvalid');
    }
    await attempt.succeeded();
    if (user.blocked) throw ParameterError.of({ password: 'auth.blocked' });
    return user;
  }

  /**
   * The owner of a session proves it again before a change a stolen session must not make: the
   * password, then `secondFactor` when given. Wrong ones count in the sign-in limits of the account
   * (the device cookie is not sent here: a stranger's), so a session cannot guess on (issue 42).
   */
  async function reauthenticate(
    user: UserRow,
    { password, passwordField, ip }: { password: string; passwordField: string; ip: string },
    secondFactor?: () => Promise<boolean>,
  ): Promise<void> {
    const attempt = await throttle.begin(user.id, ip, null);
    const fail = failure(attempt, user, ip);
    if (!(await verifyPassword(user.passwordHash, password))) throw await fail(passwordField, 'auth.wrongOldPassword');
    let passed: boolean;
    try {
      passed = secondFactor ? await secondFactor() : true;
    } catch (error) {
      // Refused for another reason (not set up, already on): neither right nor wrong.
      await attempt.undecided();
      throw error;
    }
    if (!passed) throw await fail('code', 'twoFactor.codeInvalid');
    await attempt.succeeded();
  }

  return {
    reauthenticate,

    async register(body: z.output<typeof registerBody>, lang: Lang): Promise<SessionUser> {
      // The mailbox is proven first: until then nothing may tell whether the e-mail has an account.
      if (!(await registerCodes.check(body.email, body.emailCode))) {
        throw ParameterError.of({ emailCode: 'auth.emailCodeInvalid' });
      }
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
        // Used once: a second sign-up racing with the same code rolls back here.
        if (!(await registerCodes.consume(tx, body.email, body.emailCode))) {
          throw ParameterError.of({ emailCode: 'auth.emailCodeInvalid' });
        }
        return openSession(tx, user);
      });
    },

    /** A session, and a new device cookie that lets this browser past the throttling of strangers. */
    async login(
      body: z.output<typeof loginBody>,
      client: LoginClient,
    ): Promise<{ user: SessionUser; device: DeviceCookie }> {
      const user = await checkedLogin(body, client);
      return { user: await openSession(db, user), device: deviceCookies.issue(user.username) };
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
    async changePassword(user: UserRow, body: z.output<typeof changePasswordBody>, ip: string): Promise<SessionUser> {
      await reauthenticate(user, { password: body.oldPassword, passwordField: 'oldPassword', ip });
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
