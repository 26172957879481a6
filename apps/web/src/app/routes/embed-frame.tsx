import { useMemo } from 'react';
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
      <div className={styles.frame}>
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
