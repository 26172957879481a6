import type { FastifyRequest } from 'fastify';
import type { PartnerScope } from '@obmen/shared';
import { AppError, TooManyRequestsError } from '../../http/errors';
import { bearerToken } from '../accounts/auth-guards';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { ipAllowed } from './ip-allow-list';
import type { PartnerKeyRow } from './partner-keys.repository';
import type { PartnerKeysService } from './partner-keys.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner's key a keyed call came with, set by the key guard. */
    partnerKey: PartnerKeyRow | null;
  }
}

/** Over the key's own requests a minute: 429 with Retry-After, under a code of its own. */
class KeyRateLimited extends TooManyRequestsError {
  override readonly code = 'rate_limited';
  override readonly params: Record<string, number>;

  constructor(retryAfterSeconds: number) {
    super('partner.rateLimited', retryAfterSeconds);
    this.params = { seconds: retryAfterSeconds };
  }
}

/**
 * preHandlers of the keyed partner API: `Authorization: Bearer obk_…` names a live key (else 401),
 * called from an address its allow-list takes (else 403), within its requests a minute, counted in
 * the rate-limits store every process shares (else 429), holding the call's scope (else 403).
 */
export function createPartnerKeyGuard({ keys, rateLimits }: { keys: PartnerKeysService; rateLimits: RateLimitStore }) {
  return (scope: PartnerScope) =>
    async (request: FastifyRequest): Promise<void> => {
      const token = bearerToken(request);
      if (!token) throw new AppError(401, 'api_key_missing', 'partner.keyMissing');
      const key = await keys.authenticate(token);
      if (!key) throw new AppError(401, 'api_key_invalid', 'partner.keyInvalid');
      if (!ipAllowed(key.allowedIps, request.ip)) throw new AppError(403, 'ip_not_allowed', 'partner.ipNotAllowed');
      const { count, retryAfterSeconds } = await rateLimits.hit(`partner-key:${key.id}`, 60);
      if (count > key.ratePerMinute) throw new KeyRateLimited(retryAfterSeconds);
      if (!key.scopes.includes(scope)) throw new AppError(403, 'scope_missing', 'partner.scopeMissing', { scope });
      await keys.touch(key.id);
      request.partnerKey = key;
    };
}

export type PartnerKeyGuard = ReturnType<typeof createPartnerKeyGuard>;
