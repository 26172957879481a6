import { useId, type ChangeEvent, type ComponentType } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { openLink, SUPPORT_TELEGRAM_URL, supportMailto } from '../../../lib/support-contacts';
import { ManagerIllustration, PriorityIllustration, RateIllustration } from './vip-illustrations';
import styles from './vip-modal.module.css';

const CARDS: readonly { key: string; Picture: ComponentType }[] = [
  { key: 'manager', Picture: ManagerIllustration },
  { key: 'rate', Picture: RateIllustration },
  { key: 'priority', Picture: PriorityIllustration },
];

type Contact = 'mail' | 'chat' | 'telegram';
const CONTACTS: readonly Contact[] = ['mail', 'chat', 'telegram'];

export interface VipModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who asks, written into the mail for a logged-in user. */
  account?: string | null;
}

/**
 * The VIP-status request (spec §2): what it takes, what it gives, and a way to ask support. The
 * dropdown starts on a hidden 'send request' entry and returns to it after every choice.
 */
export default function VipModal({ open, onOpenChange, account }: VipModalProps) {
  const { t } = useTranslation();
  const selectId = useId();

  const contact = (choice: Contact) => {
    if (choice === 'mail') {
      openLink(supportMailto({ subject: t('vip.mailSubject'), body: t('vip.mailBody', { account: account ?? '' }) }));
    } else if (choice === 'telegram') {
      openLink(SUPPORT_TELEGRAM_URL, { newTab: true });
    }
    // 'chat': the online chat has no window of its own here, so nothing visible happens (spec §2).
  };

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const choice = event.target.value as Contact;
    // Back to "send request" at once: a choice is an action, not a setting (Preact, unlike React,
    // does not put a controlled select back by itself when the state did not change).
    event.currentTarget.value = '';
    if (CONTACTS.includes(choice)) contact(choice);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={
        <span className={styles.title}>
          <span className={styles.badge} aria-hidden="true">
            VIP
          </span>
          {t('vip.title')}
        </span>
      }
      description={t('vip.requirements')}
      footer={
        <div className={styles.actions}>
          <div className={styles.contact}>
            <label htmlFor={selectId} className="visually-hidden">
              {t('vip.contact')}
            </label>
            {/* Always back on the hidden default, so the same choice can be made twice. */}
            <select id={selectId} className={styles.select} value="" onChange={onChange} data-testid="vip-contact">
              <option value="" disabled hidden>
                {t('vip.sendRequest')}
              </option>
              {CONTACTS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`vip.${choice}`)}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('vip.close')}
          </Button>
        </div>
      }
    >
      <ul className={styles.cards}>
        {CARDS.map(({ key, Picture }) => (
          <li key={key} className={styles.card}>
            <div className={styles.picture}>
              <Picture />
            </div>
            <div>
              <h3 className={styles.cardTitle}>{t(`vip.cards.${key}Title`)}</h3>
              <p className={styles.cardBody}>{t(`vip.cards.${key}Body`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className={styles.body}>{t('vip.body')}</p>
    </Dialog>
  );
}
