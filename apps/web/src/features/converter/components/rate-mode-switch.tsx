import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import styles from './converter.module.css';

/** Floating or fixed rate (`useFixedDirection`), as swap services offer it, with what each means. */
export function RateModeSwitch({ fixed, onChange }: { fixed: boolean; onChange: (fixed: boolean) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className={styles.mode} aria-describedby={hintId}>
      <legend className="visually-hidden">{t('converter.rateMode')}</legend>
      <div className={styles.segments}>
        {[false, true].map((value) => (
          <label key={String(value)} className={styles.segment}>
            <input
              type="radio"
              name={name}
              checked={fixed === value}
              onChange={() => onChange(value)}
              className="visually-hidden"
            />
            <span>{t(value ? 'converter.fixed' : 'converter.floating')}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className={styles.modeHint}>
        {t(fixed ? 'converter.fixedHint' : 'converter.floatingHint')}
      </p>
    </fieldset>
  );
}
