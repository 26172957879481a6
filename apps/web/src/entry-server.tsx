import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { LANGS } from '@obmen/shared/i18n';
import { isServerDrawn, matchPageRoute } from '@obmen/shared/routing';
import type { PageDataContext } from './app/page-data';
import { routes } from './app/routes';
import { setTransport, type Transport } from './lib/api-client';
import { i18n } from './lib/i18n';
import { languageOfPath } from './lib/language';
import { PAGE_STATE_ID, serializeErrors, type PageState } from './lib/page-state';
import { createQueryClient } from './lib/query-client';
import { askSiteStatus, setSiteStatus, type SiteStatus } from './lib/site-status';

const handler = createStaticHandler(routes);

/**
 * Once, at the server's start: how the render's calls reach the API, and both catalogs whole. The
 * pages drawn here need only the first part; with the later one too, a page that used a text of
 * it would differ from the browser's first render, and the hydration tests would say so.
 */
export async function prepareRendering(transport: Transport): Promise<void> {
  setTransport(transport);
  await i18n.loadLater();
  await Promise.all(LANGS.map((lang) => i18n.load(lang)));
}

export interface RenderedPage {
  status: number;
  /** What goes in `#root`. */
  html: string;
  /** The `<script>` that hands the render's data to the app in the browser. */
  stateScript: string;
}

const CLOSED: SiteStatus = { convertEnabled: false, notice: null, known: true };

/**
 * Draws a public page with React: its loaders put its first data in a query cache of its own, the
 * router and the page render from it, and the cache goes into the page for hydration. Null for an
 * address the browser draws itself: no language prefix (the visitor's stored choice decides), a
 * personal page, a redirect.
 */
export async function renderPage(url: URL): Promise<RenderedPage | null> {
  const lang = languageOfPath(url.pathname);
  const match = matchPageRoute(url.pathname);
  if (!lang || (match && !isServerDrawn(match.name))) return null;
  const queryClient = createQueryClient();
  const site = await askSiteStatus(lang).catch(() => CLOSED);
  const requestContext: PageDataContext = {
    queryClient,
    lang,
    search: url.searchParams,
    siteOpen: site.convertEnabled,
  };
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response) return null;
  const notFound = context.matches.at(-1)?.route.id === 'not-found';
  // Drawn synchronously right after these are set: no other page's render comes in between.
  i18n.renderIn(lang);
  setSiteStatus(site);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </StrictMode>,
  );
  const state: PageState = {
    router: { loaderData: context.loaderData, errors: serializeErrors(context.errors) },
    queries: dehydrate(queryClient),
    site,
    renderedAt: Date.now(),
  };
  queryClient.clear();
  // `<` written as \u003c: an operator's text holding "</script>" cannot end the element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return {
    status: notFound ? 404 : context.statusCode,
    html,
    stateScript: `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`,
  };
}
