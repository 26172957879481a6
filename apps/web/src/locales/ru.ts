import { MESSAGES } from '@obmen/shared/i18n';
import type { Catalog } from '../lib/i18n';
import { buildCatalog } from './build-catalog';

export default buildCatalog(import.meta.glob<Catalog>('./ru/*.json', { eager: true, import: 'default' }), MESSAGES.ru);
