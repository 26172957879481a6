import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SUPPORT_CONTACTS } from '@obmen/shared/support-contacts';
import { CopyButton } from '../../../components/ui/copy-button';
import { ChatIcon, ExternalLinkIcon, MailIcon, SendIcon } from '../../../components/ui/icons';
import styles from './contact-channels.module.css';

interface ChannelProps {
  id: string;
  icon: ReactNode;
  name: string;
  address: string;
  text: string;
  href: string;
  action: string;
  /** Leaves the site: opens in a new tab, and says so. */
  external?: boolean;
  copy?: { label: string; message: string };
}

function Channel({ id, icon, name, address, text, href, action, external = false, copy }: ChannelProps) {
  const { t } = useTranslation();
  const headingId = `contact-${id}`;
  return (
    <li className={styles.card}>
      <div className={styles.top}>
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <div className={styles.identity}>
          <h2 id={headingId} className={styles.name}>
            {name}
          </h2>
          <p className={styles.address}>
            <span>{address}</span>
            {copy && <CopyButton text={address} label={copy.label} copiedMessage={copy.message} />}
          </p>
        </div>
      </div>
      <p className={styles.text}>{text}</p>
      <a className={styles.action} href={href} {...(external && { target: '_blank', rel: 'noopener noreferrer' })}>
        {action}
        {external && (
          <>
            <ExternalLinkIcon size={16} />
            <span className="visually-hidden"> {t('form.newTab')}</span>
          </>
        )}
      </a>
    </li>
  );
}

/** The three ways to reach support (spec §1): chat, Telegram and e-mail. */
export function ContactChannels() {
  const { t } = useTranslation();
  return (
    <ul className={styles.channels} aria-label={t('content.contacts.channels')}>
      <Channel
        id="chat"
        icon={<ChatIcon size={24} />}
        name={t('content.contacts.chat.name')}
        address={t('content.contacts.chat.address')}
        text={t('content.contacts.chat.text')}
        href={SUPPORT_CONTACTS.chatUrl}
        action={t('content.contacts.chat.action')}
        external
      />
      <Channel
        id="telegram"
        icon={<SendIcon size={24} />}
        name="Telegram"
        address={SUPPORT_CONTACTS.telegram.handle}
        text={t('content.contacts.telegram.text')}
        href={SUPPORT_CONTACTS.telegram.url}
        action={t('content.contacts.telegram.action')}
        external
      />
      <Channel
        id="email"
        icon={<MailIcon size={24} />}
        name="E-mail"
        address={SUPPORT_CONTACTS.email}
        text={t('content.contacts.email.text')}
        href={`mailto:${SUPPORT_CONTACTS.email}`}
        action={t('content.contacts.email.action')}
        copy={{ label: t('content.contacts.email.copy'), message: t('content.contacts.email.copied') }}
      />
    </ul>
  );
}
