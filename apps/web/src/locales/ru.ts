import { RU_PUBLIC_MESSAGES } from '@obmen/shared/messages-ru-public';
import type { Catalog } from '../lib/i18n';
import { buildCatalog } from './build-catalog';

// Every file but those of ru-later.ts (locales/parts.ts); a glob cannot name a list from a module.
export default buildCatalog(
  import.meta.glob<Catalog>(
    ['./ru/*.json', '!./ru/{auth,tickets,referral,promo,vip,webhooks,partners,status,receipts}.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
  // The shared messages the pages the server draws show; the rest come with the later part.
  RU_PUBLIC_MESSAGES,
);
