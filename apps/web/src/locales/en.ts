import { EN_MESSAGES } from '@obmen/shared/messages-en';
import type { Catalog } from '../lib/i18n';
import { buildCatalog } from './build-catalog';

export default buildCatalog(import.meta.glob<Catalog>('./en/*.json', { eager: true, import: 'default' }), EN_MESSAGES);
