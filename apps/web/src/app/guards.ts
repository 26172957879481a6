import type { Lang } from '@obmen/shared/i18n';
import { matchPageRoute, pagePath, PAGE_ROUTES, type PageRouteName } from '@obmen/shared/routing';
import { isLoggedIn, subscribeSession, verifySession } from '../features/auth/session';
import { languageOfPath, preferredLanguage } from '../lib/language';
import { log } from '../lib/log';
import { redirect, type Location, type createBrowserRouter } from 'react-router';
import { knownSiteStatus } from '../lib/site-status';

/** Pages that are part of logging in; going back to one after logging in makes no sense. */
const AUTH_PAGES: readonly PageRouteName[] = ['login', 'register', 'reset_password'];
const RETURN_KEY = 'returnRoute';

interface PageRef {
  name: PageRouteName;
  params: Record<string, string>;
}

const isUserPage = (name: PageRouteName) => name.startsWith('user_');

/** Pages that move money: closed while exchanges are paused (spec §2). */
const CONVERSION_PAGES: readonly PageRouteName[] = ['ticket_create', 'payment_info', 'card_check', 'card_verify'];

function remember(page: PageRef): void {
  sessionStorage.setItem(RETURN_KEY, JSON.stringify(page));
}

/**
 * Where to go after logging in: the page the user was on or was stopped at (spec §2), in the
 * current language, else home. Read once.
 */
export function takeReturnPath(lang: Lang): string {
  try {
    const stored = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    if (stored) {
      const { name, params } = JSON.parse(stored) as PageRef;
      if (PAGE_ROUTES.some((route) => route.name === name) && !AUTH_PAGES.includes(name)) {
        return pagePath(lang, name, params);
      }
    }
  } catch (error) {
    log.error('the page to return to could not be read', error);
  }
  return pagePath(lang, 'home');
}

/** The page shown when the current navigation started; null before the first one settles. */
let shownPage: PageRef | null = null;
/** The user-area guard has just sent this navigation to login and remembered where it came from. */
let sentToLogin = false;

function pageOf(location: Pick<Location, 'pathname'>): PageRef | null {
  const match = matchPageRoute(location.pathname);
  return match ? { name: match.name, params: match.params } : null;
}

/** The site's page a full page load came from (Referrer-Policy: same-origin sends it within the site). */
function referredPage(): PageRef | null {
  if (typeof document === 'undefined' || !document.referrer) return null;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin ? pageOf(from) : null;
  } catch {
    return null;
  }
}

function guard(name: PageRouteName, params: Record<string, string | undefined>, lang: Lang): Response | null {
  if (isUserPage(name) && !isLoggedIn()) {
    remember({
      name,
      params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string>,
    });
    sentToLogin = true;
    return redirect(pagePath(lang, 'login'));
  }
  if (name === 'login' || name === 'register') {
    if (isLoggedIn()) return redirect(pagePath(lang, 'home'));
    if (sentToLogin) sentToLogin = false;
    else {
      // The first page of a visit: a link followed before the app started came from the referrer.
      const from = shownPage ?? referredPage();
      if (from && !AUTH_PAGES.includes(from.name)) remember(from);
    }
  }
  return null;
}

/**
 * The checks of a guarded page (spec §2), run before it shows: throws a redirect where the visitor
 * may not go; a guard that fails sends the visitor home.
 */
export async function checkPage(
  name: PageRouteName,
  params: Record<string, string | undefined>,
  lang: Lang,
): Promise<void> {
  try {
    const sent = guard(name, params, lang);
    if (sent) throw sent;
    // The very first page of a visit waits for the first status answer instead of guessing.
    if (CONVERSION_PAGES.includes(name) && !(await knownSiteStatus()).convertEnabled) {
      throw redirect(pagePath(lang, 'home'));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error(`the guard of ${name} failed`, error);
    throw redirect(pagePath(lang, 'home'));
  }
}

export const GUARDED_PAGES: readonly PageRouteName[] = PAGE_ROUTES.map((route) => route.name).filter(
  (name) => isUserPage(name) || name === 'login' || name === 'register' || CONVERSION_PAGES.includes(name),
);

/**
 * Follows the router: remembers the page on screen, checks the token after every navigation
 * (without holding it up), and leaves the user area when the session ends under it.
 */
export function installGuards(router: ReturnType<typeof createBrowserRouter>): () => void {
  let checkedKey: string | null = null;
  const follow = (state: typeof router.state) => {
    // Only settled pages count: a navigation under way (or redirected by a guard) is not shown yet.
    if (state.navigation.state !== 'idle' || !state.initialized) return;
    shownPage = pageOf(state.location);
    sentToLogin = false;
    if (state.location.key !== checkedKey) {
      checkedKey = state.location.key;
      void verifySession();
    }
  };
  follow(router.state);
  const stopRouter = router.subscribe(follow);
  const stopSession = subscribeSession(() => {
    if (isLoggedIn() || !shownPage || !isUserPage(shownPage.name)) return;
    const lang = languageOfPath(router.state.location.pathname) ?? preferredLanguage();
    try {
      remember(shownPage);
    } catch (error) {
      log.error('the page to return to could not be stored', error);
    }
    void router.navigate(pagePath(lang, 'login'), { replace: true });
  });
  return () => {
    stopRouter();
    stopSession();
  };
}
