import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '@obmen/shared';
import { AppError } from '../../http/errors';
import type { UserRow } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import type { TwoFactorService } from './two-factor.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, set by `requireUser`. */
    user: UserRow | null;
    /** The bearer token the request came with. */
    accessToken: string | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

const ROLE_RANK: Record<UserRole, number> = { user: 0, operator: 1, admin: 2 };

/**
 * preHandlers for routes that need a logged-in user, or a role at least as high as the one named;
 * staff roles also need two-factor authentication on (issue 33): a leaked password alone opens no console.
 */
export function createAuthGuards(accounts: AccountsService, twoFactor: TwoFactorService) {
  async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const user = token ? await accounts.userByToken(token) : undefined;
    if (!user) throw new AppError(401, 'unauthorized', 'auth.unauthorized');
    request.user = user;
    request.accessToken = token;
  }

  /** Sets `request.user` when a valid token came along; a visitor goes on as a visitor. */
  async function optionalUser(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    request.user = (token && (await accounts.userByToken(token))) || null;
    request.accessToken = request.user ? token : null;
  }

  function requireRole(role: UserRole) {
    return async (request: FastifyRequest): Promise<void> => {
      await requireUser(request);
      if (ROLE_RANK[request.user!.role] < ROLE_RANK[role]) throw new AppError(403, 'forbidden', 'auth.forbidden');
      if (ROLE_RANK[role] > ROLE_RANK.user && !(await twoFactor.isEnabled(request.user!.id))) {
        throw new AppError(403, 'two_factor_required', 'twoFactor.required');
      }
    };
  }

  return { requireUser, optionalUser, requireRole };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;
