import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okReply,
  recoveryCodesReply,
  twoFactorChangeBody,
  twoFactorStartReply,
  type TwoFactorChangeBody,
  twoFactorStatusSchema,
} from '@obmen/shared';
import type { UserRow } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import type { AuthGuards } from './auth-guards';
import { hashToken } from './tokens';
import type { TwoFactorService } from './two-factor.service';

/**
 * Two-factor authentication in the account's settings (and the console's first step for staff).
 * Turning it on or off takes the password and a code, counted in the sign-in limits (issue 42).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  accounts: AccountsService;
  guards: AuthGuards;
}> = async (app, { twoFactor, accounts, guards }) => {
  const signedIn = { preHandler: guards.requireUser };

  app.get('/api/v1/User/2fa', { ...signedIn, schema: { response: { 200: twoFactorStatusSchema } } }, (request) =>
    twoFactor.status(request.user!),
  );

  app.post('/api/v1/User/2fa/start', { ...signedIn, schema: { response: { 200: twoFactorStartReply } } }, (request) =>
    twoFactor.start(request.user!),
  );

  /** The password and the code of a change: `check` says whether the code is right for it. */
  const proveOwner = (
    request: { user: UserRow | null; body: TwoFactorChangeBody; ip: string },
    check: (user: UserRow, code: string) => Promise<boolean>,
  ) =>
    accounts.reauthenticate(
      request.user!,
      { password: request.body.password, passwordField: 'password', ip: request.ip },
      () => check(request.user!, request.body.code),
    );

  app.post(
    '/api/v1/User/2fa/confirm',
    { ...signedIn, schema: { body: twoFactorChangeBody, response: { 200: recoveryCodesReply } } },
    async (request) => {
      await proveOwner(request, twoFactor.takeFirstCode);
      return { recoveryCodes: await twoFactor.enable(request.user!, hashToken(request.accessToken!)) };
    },
  );

  app.post(
    '/api/v1/User/2fa/disable',
    { ...signedIn, schema: { body: twoFactorChangeBody, response: { 200: okReply } } },
    async (request) => {
      await proveOwner(request, twoFactor.verify);
      await twoFactor.disable(request.user!);
      return { ok: true as const };
    },
  );
};
