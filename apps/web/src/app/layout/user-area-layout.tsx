import { useEffect, useRef, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavLink, useLocation } from 'react-router';
import { pagePath, type PageRouteName } from '@obmen/shared/routing';
import type { IconProps } from '../../components/ui/icons';
import { CrownIcon, GiftIcon, KeyIcon, SettingsIcon, TicketIcon, UsersIcon } from '../../components/ui/shell-icons';
import { useSession } from '../../features/auth/hooks/use-session';
import { openVipModal } from '../../features/vip/vip-modal-store';
import { useLanguage } from '../../hooks/use-language';
import { useScrollEdges } from '../../hooks/use-scroll-edges';
import { Avatar } from './avatar';
import styles from './user-area-layout.module.css';

const TABS: readonly { name: PageRouteName; label: string; Icon: ComponentType<IconProps> }[] = [
  { name: 'user_settings', label: 'shell.userArea.settings', Icon: SettingsIcon },
  { name: 'user_tickets', label: 'shell.userArea.tickets', Icon: TicketIcon },
  { name: 'user_referral', label: 'shell.userArea.referral', Icon: UsersIcon },
  { name: 'user_promo', label: 'shell.userArea.promo', Icon: GiftIcon },
  { name: 'user_partner', label: 'shell.userArea.partner', Icon: KeyIcon },
];

/**
 * On a phone the four tabs are wider than the screen: the side with more of them fades out, and
 * the open page's tab is scrolled into the middle, so nothing looks cut off for good.
 */
function useScrollHints(ref: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const more = useScrollEdges(ref);

  useEffect(() => {
    const strip = ref.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active) return;
    // The strip's own scroll, not scrollIntoView, which would scroll the page as well.
    strip.scrollLeft = active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
  }, [ref, pathname]);

  return { 'data-more-before': more.before || undefined, 'data-more-after': more.after || undefined };
}

/** The user area's header over its four pages (spec §2): the username, their tabs, the VIP button. */
export function Component({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { user } = useSession();
  const tabs = useRef<HTMLElement>(null);
  const hints = useScrollHints(tabs);
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
        <nav ref={tabs} aria-label={t('shell.userArea.tabs')} className={styles.tabs} {...hints}>
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
