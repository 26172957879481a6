import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import type { PublicReads } from '@obmen/shared/contracts';
import { LANGS, type Lang } from '@obmen/shared/i18n';
import { isAdminPath } from '@obmen/shared/routing';
import { createAssets } from './app/document/assets';
import { DEV_ENTRY } from './app/document/dev-assets';
import { Document } from './app/document/document';
import themeScript from './app/document/theme-init.js?raw';
import { SiteAddress } from './components/page-meta';
import { RenderClock } from './hooks/use-drawn-at';
import { DrawInBrowser, type LoadContext } from './app/load-context';
import { routes, type PageHandle } from './app/routes';
import { i18n, RenderLanguage } from './lib/i18n';
import { log } from './lib/log';
import { languageOfPath } from './lib/language';
import { serializeErrors, type DevStyle, type DocumentAssets, type DrawnPage, type PageState } from './lib/page-state';
import { createQueryClient } from './lib/query-client';
import { RenderSiteStatus, type SiteStatus } from './lib/site-status';

const handler = createStaticHandler(routes);
const assetsFor = createAssets();

// Both catalogs whole, once: the pages drawn here need only the first part; with the later one too,
// a page that used a text of it would differ from the browser's first render.
const catalogsReady = i18n.loadLater().then(() => Promise.all(LANGS.map((lang) => i18n.load(lang))));

/** The texts of the inline scripts every document holds: the server's CSP allows them by hash. */
export const INLINE_SCRIPTS: string[] = [themeScript, assetsFor('ru', []).preamble].filter(
  (text): text is string => text !== null,
);

export interface PageRequest {
  /** The address asked for, path and search. */
  url: URL;
  /** The services' reads, in process: the page's first data. */
  reads: PublicReads;
  /** The site's public address, for canonical links. */
  publicUrl: string;
  /**
   * `npm run dev` only (apps/server's vite-dev.ts): the styles of these source files and of what
   * they import, as Vite's client injects them, so the page is styled before its scripts run.
   */
  devStyles?: (files: string[]) => Promise<DevStyle[]>;
}

export interface RenderedDocument {
  status: number;
  html: string;
  /**
   * A person's own page (the browser draws it, or the server drew a visitor's ticket) or an
   * address without a language: never kept by a cache.
   */
  personal: boolean;
}

const CLOSED: SiteStatus = { convertEnabled: false, notice: null, known: true };

/**
 * Draws a page's whole document. A public page: its route loaders read its first data into a
 * query cache of its own through the services, React draws the page from it, and the cache goes
 * into the document for hydration. Any other page: the document, for the browser to draw the page.
 */
export async function renderPage({ url, reads, publicUrl, devStyles }: PageRequest): Promise<RenderedDocument> {
  await catalogsReady;
  const prefix = languageOfPath(url.pathname);
  const lang: Lang = prefix ?? 'ru';
  const leaf = matchRoutes(routes, url.pathname)?.at(-1)?.route.handle as PageHandle | undefined;
  const documentAssets = async (modules: string[]): Promise<DocumentAssets> => {
    const assets = assetsFor(lang, modules);
    if (!devStyles) return assets;
    return { ...assets, devStyles: await devStyles([DEV_ENTRY, ...modules.map((file) => `/${file}`)]) };
  };
  const forBrowser = async (modules: string[]): Promise<RenderedDocument> => ({
    status: 200,
    personal: true,
    html: documentHtml({ lang, assets: await documentAssets(modules), publicUrl, drawn: null }, null),
  });
  // The console (its routes join the browser's table when visited) is drawn in the browser too.
  if (!prefix || !leaf?.serverDrawn || isAdminPath(url.pathname)) return forBrowser(leaf?.modules ?? []);

  const queryClient = createQueryClient(reads);
  const site = await reads
    .siteOpenness(lang)
    .then((openness): SiteStatus => ({ ...openness, known: true }))
    .catch(() => CLOSED);
  const requestContext: LoadContext = { queryClient, lang, siteOpen: async () => site.convertEnabled };
  const context = await handler.query(new Request(url), { requestContext });
  // A loader's redirect (no public page's loader sends one): the browser follows it.
  if (context instanceof Response) return forBrowser([]);
  // A page the server cannot draw for this visitor (a signed-in user's ticket): the browser draws it.
  if (Object.values(context.errors ?? {}).some((error) => error instanceof DrawInBrowser)) {
    queryClient.clear();
    return forBrowser(leaf.modules);
  }

  const drawn: DrawnPage = {
    router: { loaderData: context.loaderData, errors: serializeErrors(context.errors) },
    queries: dehydrate(queryClient),
    site,
    renderedAt: Date.now(),
  };
  const modules = context.matches.flatMap(({ route }) => (route.handle as PageHandle | undefined)?.modules ?? []);
  const assets = await documentAssets(modules);
  let html: string;
  try {
    html = documentHtml(
      { lang, assets, publicUrl, drawn },
      <RenderLanguage value={lang}>
        <RenderSiteStatus value={site}>
          <RenderClock value={drawn.renderedAt}>
            <QueryClientProvider client={queryClient}>
              <StaticRouterProvider
                router={createStaticRouter(handler.dataRoutes, context)}
                context={context}
                hydrate={false}
              />
            </QueryClientProvider>
          </RenderClock>
        </RenderSiteStatus>
      </RenderLanguage>,
    );
  } catch (error) {
    // A person's page that fails to draw here (a ticket in a state this drawing gets wrong) is
    // still theirs to see: the browser draws it, with its own error boundary, as before.
    if (!leaf.personal) throw error;
    log.error('a personal page failed to draw on the server; the browser draws it', error);
    return forBrowser(leaf.modules);
  } finally {
    queryClient.clear();
  }
  return { status: context.statusCode, personal: leaf.personal, html };
}

/** The document, with the app in it (main.tsx hydrates the same tree). */
function documentHtml(state: PageState, app: ReactNode): string {
  // `<` written as \u003c: an operator's text holding "</script>" cannot end the element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const html = renderToString(
    <StrictMode>
      <Document
        lang={state.lang}
        assets={state.assets}
        themeScript={themeScript}
        personal={state.drawn === null}
        state={json}
      >
        <SiteAddress value={state.publicUrl}>{app}</SiteAddress>
      </Document>
    </StrictMode>,
  );
  return `<!doctype html>${html}`;
}
