import type { Lang } from '@obmen/shared/i18n';
import type { DocumentAssets } from '../../lib/page-state';
import { DEV_PREAMBLE, DEV_SCRIPTS } from './dev-assets';

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

// The browser build's manifest, built into the server build (which follows it); none in dev.
const built = import.meta.glob<Manifest>('../../../dist/.vite/manifest.json', { eager: true, import: 'default' });

const ENTRY = 'src/main.tsx';

/**
 * What a page's document loads, from Vite's manifest: the entry with what it imports, and the page
 * language's catalog and the page's route modules with theirs, named in the head so they download
 * beside the entry instead of one round trip after another as each module runs (issue 11). In
 * dev, Vite's client and the entry's source.
 */
export function createAssets(): (lang: Lang, modules: string[]) => DocumentAssets {
  if (import.meta.env.DEV) {
    const dev: DocumentAssets = { entry: DEV_SCRIPTS, preload: [], styles: [], preamble: DEV_PREAMBLE || null };
    return () => dev;
  }
  const manifest = Object.values(built)[0] ?? {};
  const closure = (keys: string[], seen: Set<string>): string[] =>
    keys.flatMap((key) => {
      if (!manifest[key] || seen.has(key)) return [];
      seen.add(key);
      return [key, ...closure(manifest[key].imports ?? [], seen)];
    });
  const cache = new Map<string, DocumentAssets>();
  return (lang, modules) => {
    const cacheKey = `${lang} ${modules.join(' ')}`;
    let assets = cache.get(cacheKey);
    if (!assets) {
      const seen = new Set<string>();
      const chunks = closure([ENTRY, `src/locales/${lang}.ts`, ...modules], seen).map((key) => manifest[key]!);
      const [entry] = chunks;
      assets = {
        entry: entry ? [`/${entry.file}`] : [],
        preload: chunks.slice(1).map((chunk) => `/${chunk.file}`),
        styles: chunks.flatMap((chunk) => chunk.css ?? []).map((file) => `/${file}`),
        preamble: null,
      };
      cache.set(cacheKey, assets);
    }
    return assets;
  };
}
