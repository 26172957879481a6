import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../features/auth/hooks/use-session';
import { openVipModal } from '../../features/vip/vip-modal-store';
import { useHydrated } from '../../hooks/use-hydrated';
import { useLanguage } from '../../hooks/use-language';
import { Avatar } from './avatar';
import styles from './user-menu.module.css';

// Visitors never open it: its links and icons are not part of every page's first scripts.
const UserMenuPanel = lazyWithPreload(() => import('./user-menu-panel'));

/**
 * The header's account entry (spec §2): a login link for visitors; for a logged-in user their name,
 * opening the profile panel — the user pages, 'get VIP status' and logout. A disclosure, not an
 * ARIA menu: plain links and buttons keep the keyboard and screen reader behaviour everyone knows.
 * Both take one box of one size, so the header never moves when the session becomes known.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { token, user } = useSession();
  // The server draws every page signed out; until the browser has taken over, a visitor whose
  // browser holds a session (public/theme-init.js marks it on <html>) sees a blank box, not 'log in'.
  const sessionKnown = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [shownAt, setShownAt] = useState(location.key);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // A navigation closes the panel (adjusting state during render, as React advises, not in an effect).
  if (shownAt !== location.key) {
    setShownAt(location.key);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    // Tabbing out of the panel closes it, so it never hangs open behind the focus.
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  if (!token) {
    return (
      <div className={styles.root} data-testid="account-slot">
        <Link to={pagePath(lang, 'login')} className={styles.login} data-session-unknown={!sessionKnown || undefined}>
          <UserIcon />
          <span className={styles.loginText}>{t('shell.account.login')}</span>
        </Link>
      </div>
    );
  }

  const name = user?.username ?? '';

  const onLogout = async () => {
    setOpen(false);
    // Leave the user area first, so its guard does not send the user to the login page.
    await navigate(pagePath(lang, 'home'));
    logout.mutate();
  };

  const onVip = () => {
    setOpen(false);
    openVipModal();
  };

  return (
    <div className={styles.root} ref={root} data-testid="account-slot">
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={() => void UserMenuPanel.preload()}
        onFocus={() => void UserMenuPanel.preload()}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Avatar name={name} />
        <span className={styles.name}>{name || t('shell.account.panel')}</span>
        <span className="visually-hidden">{t('shell.account.menu')}</span>
        <ChevronDownIcon size={16} className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} data-testid="profile-panel">
        {/* Its contents download when first wanted: a pointer near the button, its focus or a click. */}
        {open && (
          <Suspense fallback={null}>
            <UserMenuPanel name={name} email={user?.email ?? null} onVip={onVip} onLogout={() => void onLogout()} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
