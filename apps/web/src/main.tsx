import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Document, THEME_SCRIPT_ID } from './app/document/document';
import { SiteAddress } from './components/page-meta';
import { AppProvider } from './app/provider';
import { installGuards } from './app/guards';
import { consoleRoutes, routes } from './app/routes';
import { initI18n } from './lib/i18n';
import { languageOfPath, preferredLanguage, rememberLanguage } from './lib/language';
import { hydrationOf, readPageState } from './lib/page-state';
import { useHydrated } from './hooks/use-hydrated';
import { setPageDrawnAt } from './hooks/use-drawn-at';
import { hydrateFromPage, queryClient } from './lib/query-client';
import { captureReferral } from './lib/referral-visit';
import { setSiteStatus, startSiteStatusPolling } from './lib/site-status';
import { startTheme } from './lib/theme';
import './styles/global.css';

const prefix = languageOfPath(window.location.pathname);
// The address's language is the visitor's choice from now on (the bare root goes there next time).
if (prefix) rememberLanguage(prefix);
const lang = prefix ?? preferredLanguage();
document.documentElement.lang = lang;
// The page's language is set now (every call asks in it); its catalog downloads from here on.
const catalogReady = initI18n(lang);
startTheme();
// A referral link's `?r=` is kept at once, before anything renders: a visitor who moves on before
// the first page has drawn still counts (the root layout catches it on later navigations).
void captureReferral(window.location.search);

// Every document says what it was drawn with; a public page comes with the data it was drawn from,
// and the app starts from the same.
const { state, text } = readPageState();
const page = state.drawn;
if (page) {
  setSiteStatus(page.site);
  setPageDrawnAt(page.renderedAt);
  hydrateFromPage(queryClient, page.queries, pageSentAt() - page.renderedAt);
}
startSiteStatusPolling();

/** When the server sent this page, on this device's clock (the response's first byte). */
function pageSentAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.responseStart > 0 ? performance.timeOrigin + navigation.responseStart : Date.now();
}

/** The first page's route modules, loaded before hydration, so its first render is the server's. */
async function loadFirstRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * The app in the document. A page the browser draws hydrates the document as the server sent it
 * (no app in it), then draws the app.
 */
function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const hydrated = useHydrated();
  return page || hydrated ? (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  ) : null;
}

void Promise.all([catalogReady, page && loadFirstRoutes()]).then(() => {
  const router = createBrowserRouter(routes, {
    ...(page && { hydrationData: hydrationOf(page) }),
    patchRoutesOnNavigation: consoleRoutes,
  });
  installGuards(router);
  // In a transition, as React Router's own entry.client does: the hydration yields to the browser
  // every few milliseconds instead of holding the main thread for the whole page (a long ticket
  // page took 30–40 ms at a stretch on this machine, four times that on Lighthouse's phone).
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Document
          lang={state.lang}
          assets={state.assets}
          themeScript={document.getElementById(THEME_SCRIPT_ID)?.textContent ?? ''}
          personal={page === null}
          state={text}
        >
          <SiteAddress value={state.publicUrl}>
            <App router={router} />
          </SiteAddress>
        </Document>
      </StrictMode>,
    );
  });
});
