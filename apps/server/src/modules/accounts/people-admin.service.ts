import type { adminUserPatch } from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, createAudited, isoNow } from '../admin/console';
import { endSessionsOf, findUserById, searchUsers, updateUser } from './people-admin.repository';

/** The console's people (design §6): finding users, giving them a role, blocking them. */
export function createPeopleAdminService({ db }: { db: Db }) {
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
      const { id: _id, username: _name, ...state } = before;
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
  };
}

export type PeopleAdminService = ReturnType<typeof createPeopleAdminService>;
