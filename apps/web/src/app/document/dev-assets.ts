// What a page's document loads in `npm run dev` (import.meta.env.DEV), in place of the build's files.

/** The app's entry by its source: its styles and its page's route modules' go in the document. */
export const DEV_ENTRY = '/src/main.tsx';

/**
 * Module scripts, in this order after DEV_PREAMBLE's: Vite's client (hot reload) and the app. Module
 * scripts run in document order, and the app's components stop at once if the preamble has not run.
 */
export const DEV_SCRIPTS: string[] = ['/@vite/client', DEV_ENTRY];

/**
 * React Refresh's preamble, the inline module script @vitejs/plugin-react (v6) puts in a page
 * through transformIndexHtml: it makes the app's components hot-replaceable. Its CSP hash is taken
 * from this text (INLINE_SCRIPTS); dev-assets.test.ts checks it against the plugin's own.
 */
export const DEV_PREAMBLE = `import { injectIntoGlobalHook } from "/@react-refresh";
injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;`;
