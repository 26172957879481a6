import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { pagePath, type PageRouteName } from '@obmen/shared/routing';
import { ChevronDownIcon, UserIcon, type IconProps } from '../../components/ui/icons';
import { CrownIcon, GiftIcon, LogoutIcon, SettingsIcon, TicketIcon, UsersIcon } from '../../components/ui/shell-icons';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../features/auth/hooks/use-session';
import { openVipModal } from '../../features/vip/vip-modal-store';
import { useHydrated } from '../../hooks/use-hydrated';
import { useLanguage } from '../../hooks/use-language';
import { Avatar } from './avatar';
import styles from './user-menu.module.css';

const USER_PAGES: readonly { name: PageRouteName; label: string; Icon: ComponentType<IconProps> }[] = [
  { name: 'user_tickets', label: 'shell.account.tickets', Icon: TicketIcon },
  { name: 'user_referral', label: 'shell.account.referral', Icon: UsersIcon },
  { name: 'user_promo', label: 'shell.account.promo', Icon: GiftIcon },
  { name: 'user_settings', label: 'shell.account.settings', Icon: SettingsIcon },
];

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
        onClick={() => setOpen((shown) => !shown)}
      >
        <Avatar name={name} />
        <span className={styles.name}>{name || t('shell.account.panel')}</span>
        <span className="visually-hidden">{t('shell.account.menu')}</span>
        <ChevronDownIcon size={16} className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} data-testid="profile-panel">
        <div className={styles.who}>
          <Avatar name={name} size="lg" />
          <p className={styles.whoText}>
            <span className={styles.whoName}>{name || t('common.loading')}</span>
            {user?.email && <span className={styles.whoEmail}>{user.email}</span>}
          </p>
        </div>
        <ul className={styles.list}>
          {USER_PAGES.map(({ name: page, label, Icon }) => (
            <li key={page}>
              <NavLink to={pagePath(lang, page)} end className={styles.item}>
                <Icon size={18} className={styles.itemIcon} />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <button type="button" className={styles.vip} onClick={onVip}>
          <CrownIcon size={18} />
          {t('shell.account.vip')}
        </button>
        <div className={styles.separator}>
          <button type="button" className={styles.item} onClick={() => void onLogout()}>
            <LogoutIcon size={18} className={styles.itemIcon} />
            {t('shell.account.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
