import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../http/errors';
import type { RateLimitStore } from './rate-limit-store';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * A preHandler allowing `max` requests per window and client address (or what `keyOf` reads of the
 * validated request), counted where every process shares it.
 */
export function rateLimitGuard(
  store: RateLimitStore,
  name: string,
  { max, windowSeconds }: Limit,
  keyOf: (request: FastifyRequest) => string = (request) => request.ip,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const { count, retryAfterSeconds } = await store.hit(`${name}:${keyOf(request)}`, windowSeconds);
    if (count > max) throw new TooManyRequestsError('error.tooManyRequests', retryAfterSeconds);
  };
}
