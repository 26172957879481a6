import type { Catalog } from '../lib/i18n';
import { RU_LATER_MESSAGES } from '@obmen/shared/messages-ru-later';
import { buildCatalog } from './build-catalog';

/** The Russian texts of the pages that load them when first visited (locales/parts.ts). */
export default buildCatalog(
  import.meta.glob<Catalog>('./ru/{auth,tickets,referral,promo,vip,webhooks,partners,status,receipts}.json', {
    eager: true,
    import: 'default',
  }),
  RU_LATER_MESSAGES,
);
