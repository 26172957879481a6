import { EN_PUBLIC_MESSAGES } from '@obmen/shared/messages-en-public';
import type { Catalog } from '../lib/i18n';
import { buildCatalog } from './build-catalog';

// Every file but those of en-later.ts (locales/parts.ts); a glob cannot name a list from a module.
export default buildCatalog(
  import.meta.glob<Catalog>(
    ['./en/*.json', '!./en/{auth,tickets,referral,promo,vip,webhooks,partners,status,receipts}.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
  // The shared messages the pages the server draws show; the rest come with the later part.
  EN_PUBLIC_MESSAGES,
);
