import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okReply,
  recoveryCodesReply,
  twoFactorCodeBody,
  twoFactorStartReply,
  twoFactorStatusSchema,
} from '@obmen/shared';
import type { AuthGuards } from './auth-guards';
import { hashToken } from './tokens';
import type { TwoFactorService } from './two-factor.service';

/** Two-factor authentication in the account's settings (and the console's first step for staff). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService; guards: AuthGuards }> = async (
  app,
  { twoFactor, guards },
) => {
  const signedIn = { preHandler: guards.requireUser };

  app.get('/api/v1/User/2fa', { ...signedIn, schema: { response: { 200: twoFactorStatusSchema } } }, (request) =>
    twoFactor.status(request.user!),
  );

  app.post('/api/v1/User/2fa/start', { ...signedIn, schema: { response: { 200: twoFactorStartReply } } }, (request) =>
    twoFactor.start(request.user!),
  );

  app.post(
    '/api/v1/User/2fa/confirm',
    { ...signedIn, schema: { body: twoFactorCodeBody, response: { 200: recoveryCodesReply } } },
    async (request) => ({
      recoveryCodes: await twoFactor.confirm(request.user!, request.body.code, hashToken(request.accessToken!)),
    }),
  );

  app.post(
    '/api/v1/User/2fa/disable',
    { ...signedIn, schema: { body: twoFactorCodeBody, response: { 200: okReply } } },
    async (request) => {
      await twoFactor.disable(request.user!, request.body.code);
      return { ok: true as const };
    },
  );
};
