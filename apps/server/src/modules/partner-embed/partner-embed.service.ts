import {
  EMBED_ORIGINS_MAX,
  parseEmbedOrigin,
  type AddEmbedOriginBody,
  type EmbedOrigin,
  type EmbedSettings,
} from '@obmen/shared';
import type { Db } from '../../db/database';
import { AppError, ConflictError, NotFoundError, ParameterError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import {
  countOrigins,
  deleteOrigin,
  insertOrigin,
  listOrigins,
  lockPartner,
  originsOfRefNumber,
  type EmbedOriginRow,
} from './partner-embed.repository';

/** A partner's number as the widget's address carries it (`?partner=1001`): a referral number. */
const PARTNER_NUMBER = /^\d{1,12}$/;

const toView = (row: EmbedOriginRow): EmbedOrigin => ({
  id: row.id,
  origin: row.origin,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The embeddable widget's allow-list (issue 47): the sites a partner lets frame /embed, and the
 * frame policy a page of /embed gets from it. Any signed-in account is a partner (spec: partner
 * status arises by registering); its referral number names it in the widget's address.
 */
export function createPartnerEmbedService({ db, localHttp }: { db: Db; localHttp: boolean }) {
  return {
    async settings(user: UserRow): Promise<EmbedSettings> {
      const rows = await listOrigins(db, user.id);
      return { partner: String(user.refNumber), origins: rows.map(toView), max: EMBED_ORIGINS_MAX };
    },

    async add(user: UserRow, body: AddEmbedOriginBody): Promise<EmbedOrigin> {
      const parsed = parseEmbedOrigin(body.origin, { localHttp });
      if ('problem' in parsed) throw ParameterError.of({ origin: parsed.problem });
      const row = await db.transaction(async (tx) => {
        await lockPartner(tx, user.id);
        if ((await countOrigins(tx, user.id)) >= EMBED_ORIGINS_MAX) {
          throw new AppError(409, 'too_many_origins', 'partnerEmbed.tooMany', { max: EMBED_ORIGINS_MAX });
        }
        return insertOrigin(tx, user.id, parsed.origin);
      });
      if (!row) throw new ConflictError('origin_taken', 'partnerEmbed.originTaken');
      return toView(row);
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!(await deleteOrigin(db, user.id, id))) throw new NotFoundError('partnerEmbed.notFound');
    },

    /**
     * The sites that may frame an /embed page of this `partner` parameter: none for a missing or
     * unknown partner, or one without sites (the page then keeps `frame-ancestors 'none'`).
     */
    async frameAncestors(partner: string | null): Promise<string[]> {
      if (!partner || !PARTNER_NUMBER.test(partner)) return [];
      return originsOfRefNumber(db, Number(partner));
    },
  };
}

export type PartnerEmbedService = ReturnType<typeof createPartnerEmbedService>;
