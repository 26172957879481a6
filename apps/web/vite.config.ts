import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

// The spec's auth calls share their paths with pages (POST /register vs the register page), so a
// browser's page request stays with Vite and only the API calls go to the server.
const apiCallsOnly: ProxyOptions = {
  target: api,
  bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};
const apiPrefixes = ['/api', '/export', '/sitemap.xml', '/robots.txt', '/healthz', '/readyz', '/metrics'];
const sharedPaths = ['/register', '/token', '/checktoken', '/forgot_password', '/reset_password', '/logout'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.PORT ?? 8080),
    strictPort: true,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, api])),
      ...Object.fromEntries(sharedPaths.map((path) => [path, apiCallsOnly])),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // A chunk holding any of the operator console's code says so in its name: visitors must never
        // load one (an e2e test checks what the home page loads).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/src/admin/'))
            ? 'assets/admin-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
