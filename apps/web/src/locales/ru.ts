import { RU_MESSAGES } from '@obmen/shared/messages-ru';
import type { Catalog } from '../lib/i18n';
import { buildCatalog } from './build-catalog';

export default buildCatalog(import.meta.glob<Catalog>('./ru/*.json', { eager: true, import: 'default' }), RU_MESSAGES);
