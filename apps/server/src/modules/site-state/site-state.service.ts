import type { Lang, SiteStateNotice } from '@obmen/shared';
import type { Database, Db } from '../../db/database';
import { readSiteState, writeSiteState, type SiteStateChange, type SiteStateRow } from './site-state.repository';

const DEFAULT_HEADER: Record<Lang, string> = { ru: 'Технический перерыв', en: 'Maintenance break' };
const CHANNEL = 'site_state_changed';

/**
 * Whether exchanges are open, and the notice when they are not. Every ticket creation and every
 * visitor's status poll asks, so the row is kept in memory and read again only after a change:
 * one made here, or one another process reports (PostgreSQL NOTIFY, as the exchange catalog does).
 */
export function createSiteStateService(db: Db, database?: Pick<Database, 'notify' | 'listen'>) {
  let cached: Promise<SiteStateRow | undefined> | null = null;
  const current = () => {
    cached ??= readSiteState(db).catch((error: unknown) => {
      cached = null; // a failed read is tried again by the next caller
      throw error;
    });
    return cached;
  };

  /** After the row was written (here or by the console): read it again, here and everywhere. */
  async function changed(): Promise<void> {
    cached = null;
    await database?.notify(CHANNEL);
  }

  return {
    /** null while exchanges are open; the maintenance notice in a language while they are not. */
    async notice(lang: Lang): Promise<SiteStateNotice | null> {
      const row = await current();
      if (!row || row.convertEnabled) return null;
      const header = (lang === 'en' ? row.headerEn : row.headerRu) || DEFAULT_HEADER[lang];
      return { header, text: lang === 'en' ? row.textEn : row.textRu };
    },

    async isConvertEnabled(): Promise<boolean> {
      return (await current())?.convertEnabled ?? true;
    },

    read: current,

    async update(change: SiteStateChange): Promise<SiteStateRow> {
      const row = await writeSiteState(db, change);
      await changed();
      return row;
    },

    changed,

    /** Forgets the row whenever another process reports a change. */
    async follow(): Promise<() => Promise<void>> {
      if (!database) return async () => {};
      return database.listen(CHANNEL, () => {
        cached = null;
      });
    },
  };
}

export type SiteStateService = ReturnType<typeof createSiteStateService>;
