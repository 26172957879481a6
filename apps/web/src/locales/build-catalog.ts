import type { Catalog } from '../lib/i18n';

/**
 * One language's catalog from its files (one per feature, so features add copy without touching
 * each other's: `{ "converter": { … } }`) and the messages shared with the server.
 */
export function buildCatalog(files: Record<string, Catalog>, shared: Record<string, string>): Catalog {
  const catalog: Catalog = Object.assign({}, ...Object.values(files));
  // Shared keys look like 'validation.required': nest them the way the files do.
  for (const [key, value] of Object.entries(shared)) {
    const [group = '', name = ''] = key.split('.');
    const node = (catalog[group] ??= {});
    if (typeof node === 'object') node[name] = value;
  }
  return catalog;
}
