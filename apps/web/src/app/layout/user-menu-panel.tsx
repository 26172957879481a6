import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { pagePath, type PageRouteName } from '@obmen/shared/routing';
import type { IconProps } from '../../components/ui/icons';
import { CrownIcon, GiftIcon, LogoutIcon, SettingsIcon, TicketIcon, UsersIcon } from '../../components/ui/shell-icons';
import { useLanguage } from '../../hooks/use-language';
import { useTranslation } from '../../lib/i18n';
import { Avatar } from './avatar';
import styles from './user-menu.module.css';

const USER_PAGES: readonly { name: PageRouteName; label: string; Icon: ComponentType<IconProps> }[] = [
  { name: 'user_tickets', label: 'shell.account.tickets', Icon: TicketIcon },
  { name: 'user_referral', label: 'shell.account.referral', Icon: UsersIcon },
  { name: 'user_promo', label: 'shell.account.promo', Icon: GiftIcon },
  { name: 'user_settings', label: 'shell.account.settings', Icon: SettingsIcon },
];

/** What the signed-in user's profile panel holds: who they are, their pages, VIP status and logout. */
export default function UserMenuPanel({
  name,
  email,
  onVip,
  onLogout,
}: {
  name: string;
  email: string | null;
  onVip: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      <div className={styles.who}>
        <Avatar name={name} size="lg" />
        <p className={styles.whoText}>
          <span className={styles.whoName}>{name || t('common.loading')}</span>
          {email && <span className={styles.whoEmail}>{email}</span>}
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
        <button type="button" className={styles.item} onClick={onLogout}>
          <LogoutIcon size={18} className={styles.itemIcon} />
          {t('shell.account.logout')}
        </button>
      </div>
    </>
  );
}
