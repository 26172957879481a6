import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeLangBody,
  changePasswordBody,
  checkTokenQuery,
  forgotPasswordBody,
  formatMessage,
  loginBody,
  okReply,
  registerBody,
  registerCodeBody,
  registerCodeReply,
  resetPasswordBody,
  sessionReply,
  userInfoSchema,
} from '@obmen/shared';
import { toUserInfo, type AccountsService } from './accounts.service';
import type { RegisterCodes } from './register-codes';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { rateLimitGuard, type Limit } from '../rate-limits/rate-limit.guard';
import { bearerToken, type AuthGuards } from './auth-guards';
import { emailKey } from '../tickets/email-key';

export interface AccountLimits {
  register: Limit;
  passwordReset: Limit;
  /** Sign-up codes asked per client address, and per e-mail (so no mailbox gets a flood). */
  registerCode: Limit;
  registerCodePerEmail: Limit;
}

// Sign-up and reset send mail and cost an argon2 hash each: scripts get a short leash per address.
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  register: { max: 20, windowSeconds: 3600 },
  passwordReset: { max: 10, windowSeconds: 900 },
  registerCode: { max: 20, windowSeconds: 3600 },
  registerCodePerEmail: { max: 5, windowSeconds: 3600 },
};

// A browser stays known to an account for half a year after its last sign-in there.
const DEVICE_COOKIE_DAYS = 180;

export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  registerCodes: RegisterCodes;
  guards: AuthGuards;
  rateLimits: RateLimitStore;
  limits: AccountLimits;
  /** Cookies only over HTTPS (PUBLIC_URL says which). */
  secureCookies: boolean;
}> = async (app, { accounts, registerCodes, guards, rateLimits, limits, secureCookies }) => {
  const registerLimit = rateLimitGuard(rateLimits, 'register', limits.register);
  // Counted alike whether or not the e-mail has an account, so a 429 tells nothing either; per inbox
  // however it is spelt (box+tag@, Gmail's dots), as the cap is on the mails it receives.
  const registerCodeLimits = [
    rateLimitGuard(rateLimits, 'register-code', limits.registerCode),
    rateLimitGuard(rateLimits, 'register-code:email', limits.registerCodePerEmail, (request) =>
      emailKey((request.body as { email: string }).email),
    ),
  ];
  const resetLimit = rateLimitGuard(rateLimits, 'password-reset', limits.passwordReset);

  app.post(
    '/register',
    { preHandler: registerLimit, schema: { body: registerBody, response: { 200: sessionReply } } },
    async (request) => ({ user: await accounts.register(request.body, request.lang) }),
  );

  app.post(
    '/register/code',
    { preHandler: registerCodeLimits, schema: { body: registerCodeBody, response: { 200: registerCodeReply } } },
    async (request) => {
      await registerCodes.send(request.body.email, request.lang);
      return { sent: true as const };
    },
  );

  app.post('/token', { schema: { body: loginBody, response: { 200: sessionReply } } }, async (request, reply) => {
    const { user, device } = await accounts.login(request.body, { ip: request.ip, cookies: request.cookies });
    // Only the sign-in call reads it, and no script: it says nothing to anything else.
    reply.setCookie(device.name, device.value, {
      path: '/token',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
    return { user };
  });

  app.get('/checktoken', { schema: { querystring: checkTokenQuery } }, async (request, reply) => {
    const user = request.query.token ? await accounts.userByToken(request.query.token) : undefined;
    if (!user) return reply.status(401).send();
    return userInfoSchema.parse(toUserInfo(user));
  });

  app.post('/logout', async (request, reply) => {
    const token = bearerToken(request);
    if (token) await accounts.logout(token);
    return reply.status(204).send();
  });

  app.post(
    '/forgot_password',
    { preHandler: resetLimit, schema: { body: forgotPasswordBody, response: { 200: okReply } } },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email);
      return { ok: true as const, message: formatMessage(request.lang, 'auth.resetSent') };
    },
  );

  app.post(
    '/reset_password',
    { preHandler: resetLimit, schema: { body: resetPasswordBody, response: { 200: okReply } } },
    async (request) => {
      await accounts.resetPassword(request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/User/info',
    { preHandler: guards.requireUser, schema: { response: { 200: userInfoSchema } } },
    async (request) => toUserInfo(request.user!),
  );

  app.post(
    '/api/v1/User/change-password',
    { preHandler: guards.requireUser, schema: { body: changePasswordBody, response: { 200: sessionReply } } },
    async (request) => ({ user: await accounts.changePassword(request.user!, request.body, request.ip) }),
  );

  app.post(
    '/api/v1/User/change_lang',
    { preHandler: guards.requireUser, schema: { body: changeLangBody, response: { 200: okReply } } },
    async (request) => {
      await accounts.changeLang(request.user!, request.body.lang === 'en-US' ? 'en' : 'ru');
      return { ok: true as const };
    },
  );
};
