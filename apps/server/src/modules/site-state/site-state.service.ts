import type { Lang, SiteStateNotice } from '@obmen/shared';
import type { Db } from '../../db/database';
import { readSiteState, writeSiteState, type SiteStateChange } from './site-state.repository';

const DEFAULT_HEADER: Record<Lang, string> = { ru: 'Технический перерыв', en: 'Maintenance break' };

export function createSiteStateService(db: Db) {
  return {
    /** null while exchanges are open; the maintenance notice in a language while they are not. */
    async notice(lang: Lang): Promise<SiteStateNotice | null> {
      const row = await readSiteState(db);
      if (!row || row.convertEnabled) return null;
      const header = (lang === 'en' ? row.headerEn : row.headerRu) || DEFAULT_HEADER[lang];
      return { header, text: lang === 'en' ? row.textEn : row.textRu };
    },

    async isConvertEnabled(): Promise<boolean> {
      return (await readSiteState(db))?.convertEnabled ?? true;
    },

    read: () => readSiteState(db),
    update: (change: SiteStateChange) => writeSiteState(db, change),
  };
}

export type SiteStateService = ReturnType<typeof createSiteStateService>;
