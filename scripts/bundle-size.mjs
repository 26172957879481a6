// The home page's initial JavaScript, gzipped, against its budget (issue 32: React itself ships): the entry chunk, the
// home route's chunk (loaded at once on `/`), the language catalog the app waits for before its
// first render (the larger, Russian one), and every chunk they import statically.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

export const HOME_JS_BUDGET_BYTES = 140 * 1024;
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
  const ok = total <= HOME_JS_BUDGET_BYTES;
  console.log(
    `${ok ? 'PASS' : 'FAIL'} home page initial JavaScript ${kb(total)} gzip (budget ${kb(HOME_JS_BUDGET_BYTES)})`,
  );
  process.exit(ok ? 0 : 1);
}
