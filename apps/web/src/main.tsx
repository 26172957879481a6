import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createSiteRouter, SiteScreen } from './app/router';
import { initI18n } from './lib/i18n';
import { languageOfPath, preferredLanguage } from './lib/language';
import { captureReferral } from './lib/referral-visit';
import { RouterProvider } from './lib/router';
import { knownSiteStatus, startSiteStatusPolling } from './lib/site-status';
import { startTheme } from './lib/theme';
import './styles/global.css';

const lang = languageOfPath(window.location.pathname) ?? preferredLanguage();
document.documentElement.lang = lang;
// The page's language is set now (every call asks in it); its catalog downloads from here on.
const catalogReady = initI18n(lang);
startTheme();
// A referral link's `?r=` is kept at once, before anything renders: a visitor who moves on before
// the first page has drawn still counts (the root layout catches it on later navigations).
void captureReferral(window.location.search);
// Before the router, so the first page's guards find the status call already on its way.
startSiteStatusPolling();
// Nothing renders before the site's status, asked above alongside the code: the converter and
// the maintenance notice draw once, as they are, instead of closed first and again when the
// answer comes. A slow answer holds the page for a second at most.
const statusKnown = Promise.race([knownSiteStatus(), new Promise((resolve) => setTimeout(resolve, 1_000))]);

// The router resolves the first page (its code and checks) alongside the catalog; nothing renders
// before the catalog is there, so no text ever shows as its key, nor before the page's code and
// checks: the first render draws the whole page once (a header drawn first, then everything again
// under it, cost a phone's CPU two long renders instead of one).
const router = createSiteRouter();
void Promise.all([catalogReady, router.ready, statusKnown]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} render={(view) => <SiteScreen view={view} />} />
      </AppProvider>
    </StrictMode>,
  );
});
