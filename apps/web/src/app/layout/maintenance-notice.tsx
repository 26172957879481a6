import { useTranslation } from '../../lib/i18n';
import { WrenchIcon } from '../../components/ui/shell-icons';
import { useSiteStatus } from '../../lib/site-status';
import styles from './maintenance-notice.module.css';

/**
 * The home page's notice while exchanges are paused (spec §2): the operator's header (by default
 * 'Технический перерыв') and text. The live region is always there, so the change is read out.
 */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const { known, convertEnabled, notice } = useSiteStatus();
  const shown = known && !convertEnabled;
  return (
    <div role="status" className={styles.region}>
      {shown && (
        <section className={styles.notice} data-testid="maintenance-notice" aria-labelledby="maintenance-title">
          <span className={styles.icon} aria-hidden="true">
            <WrenchIcon />
          </span>
          <div>
            <h2 id="maintenance-title" className={styles.title}>
              {notice?.header.trim() || t('shell.maintenance.header')}
            </h2>
            <p className={styles.text}>{notice?.text.trim() || t('shell.maintenance.text')}</p>
          </div>
        </section>
      )}
    </div>
  );
}
