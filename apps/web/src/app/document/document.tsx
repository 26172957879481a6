import type { ReactNode } from 'react';
import type { Lang } from '@obmen/shared/i18n';
import { PAGE_STATE_ID, type DocumentAssets } from '../../lib/page-state';

/** The inline script that puts the theme on <html> before the first paint (theme-init.js). */
export const THEME_SCRIPT_ID = 'theme-init';

interface DocumentProps {
  lang: Lang;
  assets: DocumentAssets;
  /**
   * theme-init.js's text: the server's build holds it; the browser hydrates with the text the page
   * came with, so the app's own scripts do not carry it.
   */
  themeScript: string;
  /** A page the browser draws (a person's own, the console): kept out of search engines from the start. */
  personal: boolean;
  /** The page state (lib/page-state.ts) as JSON, `<` escaped: the browser renders the same text. */
  state: string;
  /** The app; nothing in a page the browser draws, until it has hydrated the document. */
  children?: ReactNode;
}

/**
 * Every page's HTML document, drawn by React on the server and hydrated whole in the browser, as
 * React Router's framework mode does. A page's own head (title, description, canonical…) comes
 * from its route module's PageMeta, which React puts in <head>.
 */
export function Document({ lang, assets, themeScript, personal, state, children }: DocumentProps) {
  return (
    // theme-init.js puts the theme's class on <html> and its colour in theme-color before React runs.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#f2f5fa" suppressHydrationWarning />
        {personal && <meta name="robots" content="noindex, nofollow" />}
        {/* Before any stylesheet paints: the theme's class on <html>, so it never flashes. */}
        <script id={THEME_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {/* With a precedence React writes them above the module preloads: they hold the first paint. */}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" crossOrigin="" href={href} precedence="page" />
        ))}
        {/* Dev: Vite's client finds these by id, and rewrites one on an edit instead of adding its own.
            Dropped from the production build (import.meta.env.DEV), where the home page's script budget counts. */}
        {import.meta.env.DEV &&
          assets.devStyles?.map(({ id, css }) => (
            <style key={id} data-vite-dev-id={id} dangerouslySetInnerHTML={{ __html: css }} />
          ))}
        {/* Dev only (React Refresh's preamble), dropped from the production build as the styles above. */}
        {import.meta.env.DEV && assets.preamble && (
          <script type="module" dangerouslySetInnerHTML={{ __html: assets.preamble }} />
        )}
        {/* The entry is preloaded first (React puts preloads at the top of <head>, in order): it is
            by far the largest script, and a phone's browser opens only six connections to a
            server, so it must not wait behind the page's smaller modules. */}
        {[...assets.entry, ...assets.preload].map((href) => (
          <link key={href} rel="modulepreload" crossOrigin="" href={href} />
        ))}
        {assets.entry.map((src) => (
          <script key={src} type="module" crossOrigin="" src={src} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script type="application/json" id={PAGE_STATE_ID} dangerouslySetInnerHTML={{ __html: state }} />
      </body>
    </html>
  );
}
