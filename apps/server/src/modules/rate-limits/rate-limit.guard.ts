import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/database';
import { TooManyRequestsError } from '../../http/errors';
import { hitCount } from './rate-limits.repository';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** A preHandler allowing `max` requests per window and client address, counted in the database so every process shares it. */
export function rateLimitGuard(db: DbOrTx, name: string, { max, windowSeconds }: Limit) {
  return async (request: FastifyRequest): Promise<void> => {
    const { count, retryAfterSeconds } = await hitCount(db, `${name}:${request.ip}`, windowSeconds);
    if (count > max) throw new TooManyRequestsError('error.tooManyRequests', retryAfterSeconds);
  };
}
