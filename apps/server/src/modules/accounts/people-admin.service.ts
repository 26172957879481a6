import type { adminUserPatch } from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, createAudited, isoNow } from '../admin/console';
import type { Mailer } from '../mail/mailer';
import { twoFactorResetMail } from '../mail/mail.templates';
import { endSessionsOf, findUserById, searchUsers, updateUser } from './people-admin.repository';
import { deleteTwoFactor, isTwoFactorEnabled } from './two-factor.repository';

/** The console's people (design §6): finding users, giving them a role, blocking them, resetting their 2FA. */
export function createPeopleAdminService({ db, mailer }: { db: Db; mailer: Mailer }) {
  const audited = createAudited(db);
  return {
    async users(filter: { q?: string | undefined; role?: string | undefined }, paging: Page) {
      const found = await searchUsers(db, filter, paging);
      return { ...found, items: found.items.map((u) => ({ ...u, createdAt: isoNow(u.createdAt) })) };
    },

    async updateUser(actor: Actor, id: string, patch: z.output<typeof adminUserPatch>) {
      const before = await findUserById(db, id);
      if (!before) throw new NotFoundError('admin.userNotFound');
      // Nobody locks themselves out, and there is always an admin who could undo a mistake.
      if (id === actor.id) throw new ConflictError('self_change', 'admin.selfChange');
      const { id: _id, username: _name, email: _email, lang: _lang, ...state } = before;
      return audited(
        actor,
        { action: patch.blocked ? 'block' : 'update', resource: 'users', resourceId: before.username, before: state },
        async (tx) => {
          const row = await updateUser(tx, id, patch);
          // A blocked user is logged out everywhere at once.
          if (patch.blocked) await endSessionsOf(tx, id);
          return row;
        },
        ({ role, blocked }) => ({ role, blocked }),
      );
    },

    /**
     * Account recovery when the authenticator and the recovery codes are lost (docs/security.md):
     * 2FA off, every session ended and the user told, in one audited transaction. Support does it
     * only once the request is known to come from the owner.
     */
    async resetTwoFactor(actor: Actor, id: string) {
      const user = await findUserById(db, id);
      if (!user) throw new NotFoundError('admin.userNotFound');
      // As with roles: a second admin stands behind every reset of an admin's own factor.
      if (id === actor.id) throw new ConflictError('self_change', 'admin.selfTwoFactor');
      const before = { twoFactor: await isTwoFactorEnabled(db, id) };
      const reset = await audited(
        actor,
        { action: 'reset_two_factor', resource: 'users', resourceId: user.username, before },
        async (tx) => {
          await deleteTwoFactor(tx, id);
          await endSessionsOf(tx, id);
          await mailer.enqueue(tx, {
            to: user.email,
            lang: user.lang,
            kind: 'two_factor_reset',
            content: twoFactorResetMail(user.lang, user.username),
          });
          return { id, username: user.username, twoFactor: false };
        },
        ({ twoFactor }) => ({ twoFactor }),
      );
      void mailer.flush();
      return reset;
    },
  };
}

export type PeopleAdminService = ReturnType<typeof createPeopleAdminService>;
