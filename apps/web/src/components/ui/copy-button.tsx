import { useTranslation } from '../../lib/i18n';
import { log } from '../../lib/log';
import { notify } from '../../lib/notify';
import { CopyIcon } from './icons';
import styles from './copy-button.module.css';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Plain http on a LAN address has no Clipboard API: the old way still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

interface CopyButtonProps {
  text: string;
  /** The confirmation shown after copying: 'Реквизиты списания скопированы', 'Ссылка скопирована'… */
  copiedMessage: string;
  /** What is copied, for screen readers: "Copy the address". */
  label: string;
  /** Shows the label beside the icon instead of the icon alone. */
  showLabel?: boolean;
}

/** Copies a value and confirms it with a notification (spec §8's copy confirmations). */
export function CopyButton({ text, copiedMessage, label, showLabel = false }: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await writeClipboard(text);
      notify({ status: 'success', message: copiedMessage });
    } catch (error) {
      log.error('copying failed', error);
      notify({ status: 'error', message: t('common.copyFailed') });
    }
  };
  return (
    <button
      type="button"
      className={`${styles.button} ${showLabel ? styles.withLabel : ''}`}
      aria-label={showLabel ? undefined : label}
      title={label}
      onClick={() => void copy()}
    >
      <CopyIcon size={18} />
      {showLabel && <span>{label}</span>}
    </button>
  );
}
