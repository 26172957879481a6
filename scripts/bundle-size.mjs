// The home page's initial JavaScript, gzipped: the entry chunk, the
// home route's chunk (loaded at once on `/`), the language catalog the app waits for before its
// first render (the larger, Russian one), and every chunk they import statically.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

/**
 * What `npm test` holds the build to, so sizes do not drift: the size with React Router's data
 * router (its router core alone is ~28 KB gzip) plus a little room. See docs/decisions.md.
 */
export const HOME_JS_CEILING_BYTES = 147 * 1024;
/** Issue 43's budget, a line of `npm run bench`: the home page stays within that ceiling. */
export const HOME_JS_BUDGET_BYTES = HOME_JS_CEILING_BYTES;
const HOME_ROUTE = 'src/app/routes/home.tsx';
const CATALOG = 'src/locales/ru.ts';

const dist = path.join(root, 'apps/web/dist');

export function homeInitialScripts() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  visit(entry);
  if (!manifest[HOME_ROUTE]) throw new Error(`${HOME_ROUTE} is not a chunk of its own in the Vite manifest`);
  visit(HOME_ROUTE);
  if (!manifest[CATALOG]) throw new Error(`${CATALOG} is not a chunk of its own in the Vite manifest`);
  visit(CATALOG);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

export function weigh(files) {
  return files.map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file))).length }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = weigh(homeInitialScripts()).sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const { file, gzip } of sizes) console.log(`  ${kb(gzip).padStart(9)}  ${file}`);
  const ok = total <= HOME_JS_CEILING_BYTES;
  console.log(
    `${ok ? 'PASS' : 'FAIL'} home page initial JavaScript ${kb(total)} gzip (ceiling ${kb(HOME_JS_CEILING_BYTES)}; issue 32's budget ${kb(HOME_JS_BUDGET_BYTES)} is a bench line)`,
  );
  process.exit(ok ? 0 : 1);
}
