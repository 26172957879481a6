import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from 'react-router';
import { pagePath, type PageRouteName } from '@obmen/shared/routing';
import type { IconProps } from '../../components/ui/icons';
import { CrownIcon, GiftIcon, SettingsIcon, TicketIcon, UsersIcon } from '../../components/ui/shell-icons';
import { useSession } from '../../features/auth/hooks/use-session';
import { openVipModal } from '../../features/vip/vip-modal-store';
import { useLanguage } from '../../hooks/use-language';
import { Avatar } from './avatar';
import styles from './user-area-layout.module.css';

const TABS: readonly { name: PageRouteName; label: string; Icon: ComponentType<IconProps> }[] = [
  { name: 'user_settings', label: 'shell.userArea.settings', Icon: SettingsIcon },
  { name: 'user_tickets', label: 'shell.userArea.tickets', Icon: TicketIcon },
  { name: 'user_referral', label: 'shell.userArea.referral', Icon: UsersIcon },
  { name: 'user_promo', label: 'shell.userArea.promo', Icon: GiftIcon },
];

/** The user area's header over its four pages (spec §2): the username, their tabs, the VIP button. */
export function Component({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { user } = useSession();
  return (
    <div className={styles.area}>
      <div className={styles.head}>
        <div className={styles.identity}>
          <Avatar name={user?.username ?? ''} size="lg" />
          <div className={styles.who}>
            <p className={styles.eyebrow}>{t('shell.userArea.eyebrow')}</p>
            <p className={styles.username} data-testid="user-area-username">
              {user?.username ?? <span className={styles.placeholder}>{t('common.loading')}</span>}
            </p>
          </div>
        </div>
        <button type="button" className={styles.vip} onClick={openVipModal}>
          <CrownIcon size={18} />
          {t('shell.userArea.vip')}
        </button>
        <nav aria-label={t('shell.userArea.tabs')} className={styles.tabs}>
          <ul className={styles.tabList}>
            {TABS.map(({ name, label, Icon }) => (
              <li key={name}>
                <NavLink to={pagePath(lang, name)} end className={styles.tab}>
                  <Icon size={18} />
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {children}
    </div>
  );
}
