import { useMemo, type MouseEvent } from 'react';
import { isEmbedPath } from '@obmen/shared/routing';
import { Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { NotificationStack } from '../../features/notifications/components/notification-stack';
import { EmbedFrameProvider, readEmbedParams, type EmbedFrame } from '../../lib/embed-frame';
import { i18n, useTranslation } from '../../lib/i18n';
import { preferredLanguage } from '../../lib/language';
import { fixTheme, systemTheme } from '../../lib/theme';
import { MaintenanceNotice } from '../layout/maintenance-notice';
import styles from './embed-frame.module.css';

/** The widget's parameters in the browser: unknown ones fall back to the visitor's language and system theme. */
export function embedParamsOf(search: string) {
  return readEmbedParams(search, { lang: preferredLanguage(), theme: systemTheme() });
}

/**
 * Before any page of the widget shows: its language (never remembered as the visitor's choice:
 * the partner's site chose it) with the texts of the ticket pages, and its theme.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { lang, theme } = embedParamsOf(new URL(request.url).search);
  document.documentElement.lang = lang;
  fixTheme(theme);
  await Promise.all([i18n.language !== lang && i18n.changeLanguage(lang), i18n.loadLater()]);
  return null;
}

/**
 * A link to the site's own pages (support, signing up) opens in a tab of its own: inside the frame
 * it would show the site's frame in the partner's, or be refused framing.
 */
function openSitePagesOutside(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || event.button !== 0) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || isEmbedPath(url.pathname)) return;
  event.preventDefault();
  window.open(url.href, '_blank', 'noopener');
}

/**
 * The frame of a partner's widget (issue 47): the converter and the ticket pages without the
 * site's header and footer; the pages' links stay inside it (lib/embed-frame.tsx).
 */
export function Component() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { partner, lang, theme, search: carried } = embedParamsOf(search);
  const frame = useMemo<EmbedFrame>(() => ({ partner, lang, theme, search: carried }), [partner, lang, theme, carried]);
  return (
    <EmbedFrameProvider value={frame}>
      {/* Clicks on its links only, caught before the router's: no control of its own. */}
      <div className={styles.frame} onClickCapture={openSitePagesOutside}>
        <main className={styles.main}>
          <MaintenanceNotice />
          <Outlet />
        </main>
        {/* The site itself opens outside the frame: it refuses to be framed. */}
        <a className={styles.credit} href={`/${lang}/`} target="_blank" rel="noopener">
          {t('embedWidget.credit')}
        </a>
        <NotificationStack />
      </div>
    </EmbedFrameProvider>
  );
}
