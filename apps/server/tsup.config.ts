import { defineConfig } from 'tsup';

// One ESM file for the server, and the password hashing worker beside it (it runs in threads of its
// own); the shared package is bundled in, npm dependencies stay external.
export default defineConfig({
  entry: { main: 'src/main.ts', 'password-worker': 'src/modules/accounts/password-worker.js' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@obmen/shared'],
});
