import type { Catalog } from '../lib/i18n';
import { EN_LATER_MESSAGES } from '@obmen/shared/messages-en-later';
import { buildCatalog } from './build-catalog';

/** The English texts of the pages that load them when first visited (locales/parts.ts). */
export default buildCatalog(
  import.meta.glob<Catalog>('./en/{auth,tickets,referral,promo,vip,webhooks,partners,status,receipts}.json', {
    eager: true,
    import: 'default',
  }),
  EN_LATER_MESSAGES,
);
