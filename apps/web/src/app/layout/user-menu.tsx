import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { pagePath, type PageRouteName } from '@obmen/shared/routing';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../features/auth/hooks/use-session';
import { useLanguage } from '../../hooks/use-language';
import styles from './user-menu.module.css';

const USER_PAGES: readonly { name: PageRouteName; label: string }[] = [
  { name: 'user_tickets', label: 'account.tickets' },
  { name: 'user_referral', label: 'account.referral' },
  { name: 'user_promo', label: 'account.promo' },
  { name: 'user_settings', label: 'account.settings' },
];

/**
 * The header's account entry (spec §2): a login link for visitors; for a logged-in user their name,
 * opening a short list of the user pages and logout. A disclosure, not an ARIA menu: plain links
 * and a button keep the keyboard and screen reader behaviour everyone knows.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { token, user } = useSession();
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
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!token) {
    return (
      <Link to={pagePath(lang, 'login')} className={styles.trigger}>
        <UserIcon />
        <span className={styles.name}>{t('account.login')}</span>
      </Link>
    );
  }

  const onLogout = async () => {
    setOpen(false);
    // Leave the user area first, so its guard does not send the user to the login page.
    await navigate(pagePath(lang, 'home'));
    logout.mutate();
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <UserIcon />
        <span className={styles.name}>{user?.username ?? t('nav.account')}</span>
        <span className="visually-hidden">{t('account.menu')}</span>
        <ChevronDownIcon size={16} className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {user && (
          <p className={styles.who}>
            <span className={styles.whoName}>{user.username}</span>
            <span className={styles.whoEmail}>{user.email}</span>
          </p>
        )}
        <ul className={styles.list}>
          {USER_PAGES.map(({ name, label }) => (
            <li key={name}>
              <NavLink to={pagePath(lang, name)} end className={styles.item}>
                {t(label)}
              </NavLink>
            </li>
          ))}
          <li className={styles.separator}>
            <button type="button" className={styles.item} onClick={() => void onLogout()}>
              {t('account.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
