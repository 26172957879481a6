import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LANGS } from '@obmen/shared/i18n';
import { useLogout } from '../../features/auth/api/logout';
import { NotificationStack } from '../../features/notifications/components/notification-stack';
import { ticketQueueOptions } from '../api/tickets';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { useMediaQuery } from '../hooks/use-media-query';
import { useTheme } from '../hooks/use-theme';
import styles from './console-layout.module.css';

export type ConsoleRole = 'operator' | 'admin';

interface NavItem {
  to: string;
  label: string;
  adminOnly?: boolean;
}

/** The console's sections (design §6); operators see what their role lets them use. */
export const NAV: readonly { group: string; items: readonly NavItem[] }[] = [
  {
    group: 'desk',
    items: [
      { to: 'tickets', label: 'tickets' },
      { to: 'ticket-payouts', label: 'ticketPayouts' },
      { to: 'payouts', label: 'payouts' },
      { to: 'outbox', label: 'outbox' },
      { to: 'telegram', label: 'telegram' },
      { to: 'desk-settings', label: 'deskSettings', adminOnly: true },
    ],
  },
  {
    group: 'exchange',
    items: [
      { to: 'currencies', label: 'currencies' },
      { to: 'directions', label: 'directions' },
      { to: 'prices', label: 'prices' },
      { to: 'reserves', label: 'reserves' },
      { to: 'holds', label: 'holds' },
      { to: 'discounts', label: 'discounts' },
      { to: 'site-state', label: 'siteState' },
      { to: 'rates-export', label: 'ratesExport' },
      { to: 'payout-settings', label: 'payoutSettings', adminOnly: true },
    ],
  },
  {
    group: 'people',
    items: [
      { to: 'users', label: 'users', adminOnly: true },
      { to: 'promo-codes', label: 'promoCodes', adminOnly: true },
    ],
  },
  {
    group: 'content',
    items: [
      { to: 'news', label: 'news', adminOnly: true },
      { to: 'pages', label: 'pages', adminOnly: true },
      { to: 'seo', label: 'seo', adminOnly: true },
    ],
  },
  {
    group: 'control',
    items: [
      { to: 'audit', label: 'audit', adminOnly: true },
      { to: 'receipts', label: 'receipts', adminOnly: true },
    ],
  },
];

const OPEN_QUEUE = { status: 'open', q: '', page: 1 } as const;

/**
 * The console's frame: a sidebar of sections (a drawer on phones), a top bar with language, theme
 * and the operator, and the screen. It keeps the queue counts fresh wherever the operator is and
 * says aloud when a newly paid ticket arrives. The screen is the child route's (`<Outlet/>`).
 */
export function ConsoleLayout({ role, username }: { role: ConsoleRole; username: string }) {
  const { t } = useTranslation();
  const [lang, setLang] = useConsoleLanguage();
  const [scheme, toggleScheme] = useTheme();
  const logout = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // On phones the sidebar is a drawer: while closed it is out of the tab order and the reading order.
  const narrow = useMediaQuery('(max-width: 860px)');
  const [shownAt, setShownAt] = useState(location.pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  const queue = useQuery({ ...ticketQueueOptions(OPEN_QUEUE), select: (data) => data.counts });
  const waiting = queue.data ? queue.data.new + queue.data.card_check : 0;
  // The same poll's answer: tickets whose customer wrote and no operator has read it (issue 46).
  const unreadThreads = useQuery({ ...ticketQueueOptions(OPEN_QUEUE), select: (data) => data.unreadThreads }).data ?? 0;
  const [announcement, setAnnouncement] = useState('');
  const [seenNew, setSeenNew] = useState<number | null>(null);

  // A navigation closes the drawer (state adjusted during render, as React advises).
  if (shownAt !== location.pathname) {
    setShownAt(location.pathname);
    if (menuOpen) setMenuOpen(false);
  }

  // More paid tickets than at the last poll: say so to screen readers, wherever the operator is.
  const newCount = queue.data?.new;
  if (newCount !== undefined && newCount !== seenNew) {
    if (seenNew !== null && newCount > seenNew)
      setAnnouncement(t('admin.queue.arrived', { count: newCount - seenNew }));
    setSeenNew(newCount);
  }

  // "/" jumps to the screen's search box, as in most desk tools; Escape closes the drawer.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const search = document.querySelector<HTMLInputElement>('[data-console-search]');
        if (search) {
          event.preventDefault();
          search.focus();
          search.select();
        }
      }
      if (event.key === 'Escape' && menuOpen) {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={styles.shell}>
      {/* The tab says how many tickets wait, so an operator sees it from another tab. */}
      <title>{`${waiting > 0 ? `(${waiting}) ` : ''}${t('admin.title')}`}</title>
      <a href="#console-main" className={styles.skip}>
        {t('admin.skipToContent')}
      </a>
      <aside
        className={`${styles.sidebar} ${menuOpen ? styles.open : ''}`}
        id="console-nav"
        inert={narrow && !menuOpen ? true : undefined}
      >
        <div className={styles.brand}>
          <img src="/logo.svg" alt="" width={96} height={26} />
          <span className={styles.brandLabel}>{t('admin.brand')}</span>
        </div>
        <nav aria-label={t('admin.nav.label')}>
          {NAV.map(({ group, items }) => {
            const visible = items.filter((item) => !item.adminOnly || role === 'admin');
            if (visible.length === 0) return null;
            return (
              <div key={group} className={styles.group}>
                <h2 className={styles.groupTitle}>{t(`admin.nav.groups.${group}`)}</h2>
                <ul className={styles.links}>
                  {visible.map((item) => (
                    <li key={item.to}>
                      <NavLink to={`/admin/${item.to}`} className={styles.link}>
                        <span>{t(`admin.nav.${item.label}`)}</span>
                        {item.to === 'tickets' && waiting > 0 && (
                          <span className={styles.linkCount}>
                            {waiting}
                            <span className="visually-hidden"> {t('admin.queue.waitingHint')}</span>
                          </span>
                        )}
                        {item.to === 'tickets' && unreadThreads > 0 && (
                          <span className={styles.linkCount} data-testid="nav-unread">
                            <span aria-hidden="true">✉ </span>
                            {unreadThreads}
                            <span className="visually-hidden"> {t('admin.queue.unreadHint')}</span>
                          </span>
                        )}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
      {menuOpen && <div className={styles.scrim} aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <div className={styles.column}>
        <header className={styles.topbar}>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls="console-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t('admin.nav.menu')}</span>
          </button>
          <span className={styles.who}>
            <span className={styles.whoName}>{username}</span>
            <span className={styles.role}>{t(`admin.roles.${role}`)}</span>
          </span>
          <div className={styles.tools}>
            <div role="group" aria-label={t('admin.language')} className={styles.langs}>
              {LANGS.map((code) => (
                <button
                  key={code}
                  type="button"
                  lang={code}
                  aria-pressed={code === lang}
                  className={styles.toolButton}
                  onClick={() => setLang(code)}
                >
                  {code.toUpperCase()}
                </button>
              ))}
            </div>
            <button
              type="button"
              className={styles.toolButton}
              aria-pressed={scheme === 'dark'}
              onClick={toggleScheme}
              title={t('admin.theme.toggle')}
            >
              <span aria-hidden="true">{scheme === 'dark' ? '☾' : '☀'}</span>
              <span className="visually-hidden">{t('admin.theme.dark')}</span>
            </button>
            {/* The site is another app (its own router): it opens afresh. */}
            <a href={`/${lang}/`} className={styles.toolButton}>
              {t('admin.toSite')}
            </a>
            <button type="button" className={styles.toolButton} onClick={() => logout.mutate()}>
              {t('admin.logout')}
            </button>
          </div>
        </header>
        <main id="console-main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
      <NotificationStack />
    </div>
  );
}
