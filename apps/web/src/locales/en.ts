import { EN_MESSAGES } from '@obmen/shared/messages-en';
import type { Catalog } from '../lib/i18n';
import { buildCatalog } from './build-catalog';

// Every file but those of en-later.ts (locales/parts.ts); a glob cannot name a list from a module.
export default buildCatalog(
  import.meta.glob<Catalog>(['./en/*.json', '!./en/{auth,tickets,referral,promo,vip}.json'], {
    eager: true,
    import: 'default',
  }),
  EN_MESSAGES,
);
