import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { formatMessage, issueMessage, type Lang, type MessageKey, type ParameterErrors } from '@obmen/shared';

/** An error the client caused: its status, a stable code and a message key shown in the user's language. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export class NotFoundError extends AppError {
  constructor(messageKey: MessageKey = 'error.notFound') {
    super(404, 'not_found', messageKey);
  }
}

export class ConflictError extends AppError {
  constructor(code: string, messageKey: MessageKey) {
    super(409, code, messageKey);
  }
}

/** Too many attempts: 429 with Retry-After and the message saying when to try again. */
export class TooManyRequestsError extends AppError {
  constructor(
    messageKey: MessageKey,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'too_many_attempts', messageKey, { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
  }
}

/** Field errors found by a service rather than by the schema, answered like schema errors. */
export class ParameterError extends Error {
  /** More of the answer beside the errors (a refused amount's priced sums). */
  extra: Record<string, unknown> = {};

  constructor(readonly parameterErrors: (lang: Lang) => ParameterErrors) {
    super('parameter_errors');
    this.name = 'ParameterError';
  }

  with(extra: Record<string, unknown>): this {
    this.extra = { ...this.extra, ...extra };
    return this;
  }

  /** Errors on named fields: `ParameterError.of({ email: 'auth.emailTaken' })`. */
  static of(fields: Record<string, MessageKey>): ParameterError {
    return new ParameterError((lang) =>
      Object.entries(fields).map(([name, key]) => ({ name, messages: [formatMessage(lang, key)] })),
    );
  }
}

export function sendError(reply: FastifyReply, lang: Lang, status: number, code: string, key: MessageKey) {
  return reply.status(status).send({ error: { code, message: formatMessage(lang, key) } });
}

export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const byName = new Map<string, string[]>();
      for (const entry of error.validation) {
        // The provider flattens each zod issue into Ajv's shape; put the issue back together.
        const name = entry.instancePath.split('/').filter(Boolean).join('.') || 'request';
        const issue = { ...entry.params, code: entry.keyword, message: entry.message } as unknown as z.core.$ZodIssue;
        const messages = byName.get(name) ?? [];
        const message = issueMessage(issue, lang);
        if (!messages.includes(message)) messages.push(message);
        byName.set(name, messages);
      }
      return reply.status(400).send({
        parameterErrors: [...byName].map(([name, messages]) => ({ name, messages })),
      });
    }
    if (error instanceof ParameterError) {
      return reply.status(400).send({ parameterErrors: error.parameterErrors(lang), ...error.extra });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: formatMessage(lang, error.messageKey, error.params) } });
    }
    if (isUniqueViolation(error)) {
      // Two requests raced for one unique value (a news slug): the loser's check passed before the
      // winner committed. The client lost a race, nothing broke.
      request.log.warn({ err: error }, 'unique value taken by a concurrent request');
      return sendError(reply, lang, 409, 'conflict', 'error.conflict');
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, lang, 429, 'too_many_requests', 'error.tooManyRequests');
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      return sendError(reply, lang, 413, 'upload_too_large', 'upload.tooLarge');
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large…): say which, in the user's language.
      const code = (error.code ?? 'bad_request').toLowerCase();
      return sendError(reply, lang, status, code, clientErrorKey(error));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, lang, 500, 'internal', 'error.unexpected');
  });
});

/** PostgreSQL's unique_violation (23505), as the driver throws it or as drizzle wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function clientErrorKey(error: FastifyError): MessageKey {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'error.tooLarge';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'error.unsupportedMediaType';
    default:
      return 'error.badRequest';
  }
}
