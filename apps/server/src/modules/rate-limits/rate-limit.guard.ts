import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../http/errors';
import type { RateLimitStore } from './rate-limit-store';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** A preHandler allowing `max` requests per window and client address, counted where every process shares it. */
export function rateLimitGuard(store: RateLimitStore, name: string, { max, windowSeconds }: Limit) {
  return async (request: FastifyRequest): Promise<void> => {
    const { count, retryAfterSeconds } = await store.hit(`${name}:${request.ip}`, windowSeconds);
    if (count > max) throw new TooManyRequestsError('error.tooManyRequests', retryAfterSeconds);
  };
}
