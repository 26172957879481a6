import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { readable } from '../converter-logic';
import type { Converter } from '../hooks/use-converter';
import styles from './converter.module.css';

/**
 * An optional promo code, folded away until asked for (or given by `?promo=`): it goes with every
 * quote, which says what it adds or why it does not apply.
 */
export function PromoField({ model }: { model: Converter }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(model.promo !== '');
  const [text, setText] = useState(model.promo);
  const { quote, promo, lang } = model;
  const valute = model.get.currency?.valute ?? '';
  const apply = () => model.applyPromo(text);

  return (
    <div className={styles.promo}>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {t('converter.havePromo')}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" data-open={open || undefined}>
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div id={`${id}-panel`} className={styles.promoPanel}>
          <label className="visually-hidden" htmlFor={`${id}-code`}>
            {t('converter.promoLabel')}
          </label>
          <div className={styles.promoRow}>
            <input
              id={`${id}-code`}
              className={styles.promoInput}
              value={text}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t('converter.promoLabel')}
              aria-describedby={`${id}-result`}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply();
                }
              }}
            />
            {promo && promo === text.trim().toUpperCase() ? (
              <button
                type="button"
                className={styles.promoButton}
                onClick={() => {
                  setText('');
                  model.applyPromo('');
                }}
              >
                {t('converter.promoRemove')}
              </button>
            ) : (
              <button type="button" className={styles.promoButton} onClick={apply} disabled={!text.trim()}>
                {t('converter.promoApply')}
              </button>
            )}
          </div>
          <p id={`${id}-result`} className={styles.promoResult} aria-live="polite">
            {promo && quote?.promo ? (
              <span className={styles.promoOk}>
                {t('converter.promoApplied', {
                  code: quote.promo.code,
                  bonus: readable(quote.promo.bonus, lang),
                  valute,
                })}
              </span>
            ) : promo && quote?.promoError ? (
              <span className={styles.promoError}>{quote.promoError}</span>
            ) : null}
          </p>
        </div>
      )}
    </div>
  );
}
