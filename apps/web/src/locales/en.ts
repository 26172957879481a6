import { MESSAGES } from '@obmen/shared/i18n';
import type { Catalog } from '../lib/i18n';
import { buildCatalog } from './build-catalog';

export default buildCatalog(import.meta.glob<Catalog>('./en/*.json', { eager: true, import: 'default' }), MESSAGES.en);
