// Every built script starts with V8's compile hint, and its precompressed copies hold the same
// bytes (issue 11; apps/web/vite.config.ts, COMPILE_ALL_ON_LOAD): the hint only counts on a
// file's first line, and Vite writes its own line above the banner in some chunks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const HINT = '//# allFunctionsCalledOnLoad\n';
const assets = path.join(root, 'apps/web/dist/assets');

const problems = [];
const bad = new Set();
const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
for (const file of scripts) {
  const code = readFileSync(path.join(assets, file));
  if (!code.subarray(0, HINT.length).equals(Buffer.from(HINT))) {
    problems.push(`${file} does not start with the hint`);
    bad.add(file);
  }
  for (const [suffix, unpack] of [
    ['.br', brotliDecompressSync],
    ['.gz', gunzipSync],
  ]) {
    const packed = path.join(assets, file + suffix);
    if (existsSync(packed) && !unpack(readFileSync(packed)).equals(code)) {
      problems.push(`${file}${suffix} differs from ${file}`);
      bad.add(file);
    }
  }
}
for (const problem of problems) console.error(`  ${problem}`);
const ok = scripts.length > 0 && problems.length === 0;
console.log(`${ok ? 'PASS' : 'FAIL'} compile hint on ${scripts.length - bad.size} of ${scripts.length} scripts`);
process.exit(ok ? 0 : 1);
