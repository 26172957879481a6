import { createHash, randomBytes } from 'node:crypto';
import {
  formatMessage,
  type Lang,
  type ParameterErrors,
  PARTNER_KEY_TERMS,
  type CreatedPartnerKey,
  type createPartnerKeyBody,
  type PartnerKey,
  type PartnerKeys,
} from '@obmen/shared';
import type { z } from 'zod';
import { isAddressOrRange } from '../../config';
import type { Db, Tx } from '../../db/database';
import { AppError, NotFoundError, ParameterError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import { writeAudit } from '../admin/admin.repository';
import {
  countLiveKeys,
  findKeyByHash,
  insertKey,
  listKeys,
  lockAccount,
  revokeKey,
  touchKey,
  type PartnerKeyRow,
} from './partner-keys.repository';

/** A key as its owner's server sends it: `obk_<prefix>_<secret>`, the prefix public, the secret 256 random bits. */
const KEY_FORMAT = /^obk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** What is kept of a key: its SHA-256, enough for 256 random bits (docs/decisions.md, "Partner API keys"). */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const toPartnerKey = (row: PartnerKeyRow): PartnerKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  allowedIps: row.allowedIps,
  ratePerMinute: row.ratePerMinute,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A partner's API keys (issue 47): made and revoked in its area, checked on every keyed call. */
export function createPartnerKeys({ db, maxRatePerMinute }: { db: Db; maxRatePerMinute: number }) {
  const audit = (tx: Tx, user: UserRow, action: string, row: PartnerKeyRow) =>
    writeAudit(tx, {
      actorId: user.id,
      actorName: user.username,
      action,
      resource: 'partner_api_keys',
      resourceId: row.id,
      before: null,
      // Never the secret, nor its hash.
      after: { name: row.name, prefix: row.prefix, scopes: row.scopes, allowedIps: row.allowedIps },
    });

  function checkBody(body: z.output<typeof createPartnerKeyBody>): void {
    const problems: ((lang: Lang) => ParameterErrors[number])[] = [];
    body.allowedIps.forEach((entry, i) => {
      if (!isAddressOrRange(entry)) {
        problems.push((l) => ({
          name: `allowedIps.${i}`,
          messages: [formatMessage(l, 'partner.badIp', { value: entry })],
        }));
      }
    });
    if (body.ratePerMinute > maxRatePerMinute) {
      problems.push((l) => ({
        name: 'ratePerMinute',
        messages: [formatMessage(l, 'partner.rateTooHigh', { value: maxRatePerMinute })],
      }));
    }
    if (problems.length > 0) throw new ParameterError((l) => problems.map((problem) => problem(l)));
  }

  return {
    maxRatePerMinute,

    async list(user: UserRow): Promise<PartnerKeys> {
      const rows = await listKeys(db, user.id);
      return { items: rows.map(toPartnerKey), maxLiveKeys: PARTNER_KEY_TERMS.maxLiveKeys, maxRatePerMinute };
    },

    /** A new key; its secret is in this answer and nowhere else, ever. */
    async create(user: UserRow, body: z.output<typeof createPartnerKeyBody>): Promise<CreatedPartnerKey> {
      checkBody(body);
      const prefix = randomBytes(6).toString('hex');
      const secret = `obk_${prefix}_${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        await lockAccount(tx, user.id);
        if ((await countLiveKeys(tx, user.id)) >= PARTNER_KEY_TERMS.maxLiveKeys) {
          throw new AppError(409, 'key_limit', 'partner.keyLimit', { value: PARTNER_KEY_TERMS.maxLiveKeys });
        }
        const inserted = await insertKey(tx, {
          userId: user.id,
          name: body.name,
          prefix,
          secretHash: hashKey(secret),
          scopes: body.scopes,
          allowedIps: body.allowedIps,
          ratePerMinute: body.ratePerMinute,
        });
        await audit(tx, user, 'partner_key_create', inserted);
        return inserted;
      });
      return { ...toPartnerKey(row), secret };
    },

    /** Revoked for good; the row stays, so tickets made with it still say which key it was. */
    async revoke(user: UserRow, id: string): Promise<PartnerKey> {
      const row = await db.transaction(async (tx) => {
        const revoked = await revokeKey(tx, user.id, id);
        if (revoked) await audit(tx, user, 'partner_key_revoke', revoked);
        return revoked;
      });
      if (!row) throw new NotFoundError();
      return toPartnerKey(row);
    },

    /** The live key a request came with, or null for anything else (malformed, unknown, revoked). */
    async authenticate(key: string): Promise<PartnerKeyRow | null> {
      if (!KEY_FORMAT.test(key)) return null;
      const row = await findKeyByHash(db, hashKey(key));
      return row && !row.revokedAt ? row : null;
    },

    touch: (id: string) => touchKey(db, id),
  };
}

export type PartnerKeysService = ReturnType<typeof createPartnerKeys>;
