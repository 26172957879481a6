// Type-checks every workspace with its own tsconfig (browser and Node code differ in globals).
import { run } from './lib.mjs';

const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e'];
let failed = 0;
for (const project of projects) {
  const code = await run('npx', ['--no-install', 'tsc', '-p', project]);
  if (code !== 0) failed += 1;
}
if (failed) {
  console.error(`typecheck: ${failed} of ${projects.length} projects have type errors`);
  process.exit(1);
}
