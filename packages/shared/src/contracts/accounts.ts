import * as z from './zod';
import {
  containsPersonalInfo,
  hasRequiredCharacters,
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../validation/password-policy';

// Form posts carry every value as text: a checkbox arrives as "true", "on" or "1".
const checkbox = z.preprocess(
  (value) => (typeof value === 'string' ? ['true', 'on', '1', 'yes'].includes(value.toLowerCase()) : value),
  z.boolean(),
);

const required = (schema: z.ZodString = z.string()) => schema.trim().min(1, 'validation.required');

export const usernameSchema = required()
  .min(3, 'validation.minLength')
  .max(32, 'validation.maxLength')
  .regex(/^[A-Za-z0-9_.-]+$/, 'validation.usernameChars');

export const emailSchema = required().max(254, 'validation.maxLength').pipe(z.email('validation.email'));

/**
 * The password rule of spec §5, plus a refusal of the most common passwords. One rule for the form
 * and the server; the server also refuses what contains the owner's name and what is easy to guess
 * (zxcvbn, apps/server/src/modules/accounts/password-strength.ts: too heavy for the browser).
 */
export const newPasswordSchema = z
  .string()
  .min(1, 'validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.minLength')
  .max(PASSWORD_MAX_LENGTH, 'validation.maxLength')
  .refine(hasRequiredCharacters, 'validation.passwordRule')
  .refine((password) => !isCommonPassword(password), 'validation.passwordCommon');

const existingPassword = z.string().min(1, 'validation.required').max(200, 'validation.maxLength');

export const USER_ROLES = ['user', 'operator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The 6-digit code POST /register/code mails, proving the e-mail before the account is made. */
export const emailCodeSchema = required().regex(/^\d{6}$/, 'auth.emailCodeInvalid');

/** POST /register/code: the same answer whether or not the e-mail has an account. */
export const registerCodeBody = z.object({ email: emailSchema });
export type RegisterCodeBody = z.input<typeof registerCodeBody>;
export const registerCodeReply = z.object({ sent: z.literal(true) });

/** POST /register */
export const registerBody = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    emailCode: emailCodeSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, 'validation.required'),
    agree: checkbox.refine((agreed) => agreed, 'validation.agreeRules'),
    refId: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDiffer',
  })
  .refine((body) => !containsPersonalInfo(body.password, body), {
    path: ['password'],
    message: 'validation.passwordPersonal',
  });
export type RegisterBody = z.input<typeof registerBody>;

/** What the second factor takes: a 6-digit code of the authenticator, or a recovery code. */
const secondFactorCode = z.string().trim().max(64, 'validation.maxLength');

/** POST /token: by username or e-mail; `code` when the account has two-factor authentication. */
export const loginBody = z.object({
  username: required().max(254, 'validation.maxLength'),
  password: existingPassword,
  code: secondFactorCode.optional().transform((code) => code || undefined),
});
export type LoginBody = z.input<typeof loginBody>;

export const sessionUserSchema = z.object({
  access_token: z.string(),
  username: z.string(),
  email: z.string(),
  lang: z.enum(['ru', 'en']),
  role: z.enum(USER_ROLES),
});
/** The reply of /register and /token. */
export const sessionReply = z.object({ user: sessionUserSchema });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /checktoken and GET /api/v1/User/info */
export const userInfoSchema = z.object({
  username: z.string(),
  email: z.string(),
  lang: z.enum(['ru', 'en']),
  role: z.enum(USER_ROLES),
  refId: z.number().int(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const checkTokenQuery = z.object({ token: z.string().max(200).optional() });

/** POST /api/v1/User/change-password; the reply carries a new token, as every session was ended. */
export const changePasswordBody = z.object({ oldPassword: existingPassword, newPassword: newPasswordSchema });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** POST /forgot_password */
export const forgotPasswordBody = z.object({ email: emailSchema });

/** The fields of POST /reset_password (field names as spec §7), for a form that shows some of them. */
export const resetPasswordFields = z.object({
  Email: emailSchema,
  Token: required().max(200, 'validation.maxLength'),
  Password: newPasswordSchema,
});

/** POST /reset_password */
export const resetPasswordBody = resetPasswordFields.refine(
  (body) => !containsPersonalInfo(body.Password, { email: body.Email }),
  { path: ['Password'], message: 'validation.passwordPersonal' },
);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST /api/v1/User/change_lang */
export const changeLangBody = z.object({ lang: z.enum(['ru-RU', 'en-US']) });

export const okReply = z.object({ ok: z.literal(true), message: z.string().optional() });

/** GET /api/v1/User/2fa */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/v1/User/2fa/start: the secret to type or scan (as an otpauth:// URI in a QR code). */
export const twoFactorStartReply = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorStart = z.infer<typeof twoFactorStartReply>;

/**
 * POST /api/v1/User/2fa/confirm and /disable: a code and the account's password, as a session
 * alone (a stolen one) must not turn the second factor on or off (issue 42).
 */
export const twoFactorChangeBody = z.object({
  code: secondFactorCode.min(1, 'validation.required'),
  password: existingPassword,
});
export type TwoFactorChangeBody = z.input<typeof twoFactorChangeBody>;

/** The reply of /confirm: the recovery codes, shown this once. */
export const recoveryCodesReply = z.object({ recoveryCodes: z.array(z.string()) });
