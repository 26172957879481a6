import { useEffect, useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { compareAmounts } from '@obmen/shared/amount-text';
import { pagePath } from '@obmen/shared/routing';
import { Button } from '../../../components/ui/button';
import { CountdownRing } from '../../../components/ui/countdown-ring';
import { Spinner } from '../../../components/ui/spinner';
import { floorOf, rateLine, readable } from '../converter-logic';
import type { Converter as ConverterModel } from '../hooks/use-converter';
import { preloadCurrencyPicker } from './currency-picker';
import { AmountPanel } from './amount-panel';
import { PromoField } from './promo-field';
import { RateModeSwitch } from './rate-mode-switch';
import styles from './converter.module.css';

/** The exchange form of the home page (spec §2, §4): two sides, the rate and the way on to a ticket. */
export function Converter({ model }: { model: ConverterModel }) {
  const { t } = useTranslation();
  const { lang, pair, rateQuote: quote, range } = model;
  const statusId = useId();

  useEffect(() => {
    // Fetch the list dialog while the visitor reads, so the first opening is instant.
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    idle(preloadCurrencyPicker);
  }, []);

  if (model.listsFailed || (!model.loading && !pair)) {
    return (
      <section className={`${styles.card} ${styles.loading}`}>
        <p role="alert">{t('converter.listsFailed')}</p>
        <Button variant="secondary" onClick={model.retryLists}>
          {t('common.retry')}
        </Button>
      </section>
    );
  }

  const give = model.give.currency;
  const get = model.get.currency;
  const rate = quote && give && get ? rateLine(quote, give, get, lang) : null;
  const computed = model.direction === 'sell' ? model.get : model.give;
  const announcement = model.unavailable
    ? t('exchange.directionUnavailable')
    : (model.give.problem ?? model.get.problem)
      ? [...(model.give.problem?.messages ?? []), ...(model.get.problem?.messages ?? [])].join('. ')
      : model.timer && computed.text
        ? t(model.direction === 'sell' ? 'converter.youGet' : 'converter.youGive', {
            amount: computed.text,
            valute: computed.currency?.valute ?? '',
          })
        : '';

  // While the lists load, the form already has its final shape: nothing jumps when they arrive.
  return (
    <form
      className={styles.card}
      aria-label={t('converter.title')}
      aria-busy={model.loading || model.calculating}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (model.canSubmit) model.submit();
      }}
    >
      <RateModeSwitch fixed={model.fixed} onChange={model.setFixed} />

      <div className={styles.sides}>
        <AmountPanel
          side="give"
          model={model}
          label={t('converter.give')}
          pickerTitle={t('converter.chooseGive')}
          hint={
            range && give ? (
              <>
                {t('converter.min')}{' '}
                <button type="button" className={styles.link} onClick={() => model.setAmount('give', floorOf(range))}>
                  {readable(floorOf(range), lang)}
                </button>
                {' · '}
                {t('converter.max')}{' '}
                <button type="button" className={styles.link} onClick={() => model.setAmount('give', range.maxSum)}>
                  {readable(range.maxSum, lang)}
                </button>{' '}
                {give.valute}
              </>
            ) : null
          }
        />
        <button
          type="button"
          className={styles.swap}
          onClick={model.swap}
          disabled={!model.swappable}
          aria-label={t('converter.swap')}
          title={t('converter.swap')}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M7 4v14m0 0-3.5-3.5M7 18l3.5-3.5M17 20V6m0 0-3.5 3.5M17 6l3.5 3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <AmountPanel
          side="get"
          model={model}
          label={t('converter.get')}
          pickerTitle={t('converter.chooseGet')}
          hint={
            model.reserve !== undefined && get ? (
              <>
                {t('converter.reserve')} {readable(model.reserve, lang)} {get.valute}
              </>
            ) : null
          }
        />
      </div>

      {model.unavailable && (
        <p className={styles.unavailable} role="alert">
          {t('exchange.directionUnavailable')}
          {model.hours && <> {t('converter.workingHours', model.hours)}</>}
        </p>
      )}

      {!model.unavailable && (
        <div className={styles.summary}>
          <div className={styles.rate}>
            {rate ? (
              <span className={styles.rateText}>
                <span className={styles.rateLabel}>{t(model.fixed ? 'converter.rateFixed' : 'converter.rate')}</span>
                <span className={styles.rateValue} data-testid="rate">
                  {rate.from} = {rate.to}
                </span>
              </span>
            ) : model.checking || model.loading ? (
              <span className={styles.rateLabel}>
                <Spinner label={t(model.loading ? 'converter.loading' : 'converter.checking')} quiet={model.loading} />
              </span>
            ) : (
              <span className={styles.rateLabel}>{model.calculating ? t('converter.calculating') : '\u00a0'}</span>
            )}
            {model.timer && (
              <CountdownRing
                key={model.timer.deadline}
                deadline={model.timer.deadline}
                totalMs={model.timer.lifetimeMs}
                label={t(model.fixed ? 'converter.fixedFor' : 'converter.refreshIn')}
                size={40}
              />
            )}
          </div>
          {quote && (
            <p className={styles.fee}>
              {t('converter.fee', { fee: readable(quote.fee, lang) })}
              {compareAmounts(quote.discount, '0') > 0 ? (
                <> · {t('converter.discount', { discount: readable(quote.discount, lang) })}</>
              ) : (
                <>
                  {' · '}
                  <Link to={pagePath(lang, 'register')}>{t('converter.discountForUsers')}</Link>
                </>
              )}
            </p>
          )}
          {model.failed && (
            <p className={styles.failed} role="alert">
              {t('converter.calcFailed')}{' '}
              <button type="button" className={styles.link} onClick={model.retry}>
                {t('common.retry')}
              </button>
            </p>
          )}
        </div>
      )}

      <PromoField model={model} />

      <Button
        type="submit"
        block
        className={styles.submit}
        disabled={!model.canSubmit}
        aria-describedby={model.maintenance ? statusId : undefined}
      >
        {t('converter.submit')}
      </Button>
      {model.maintenance && (
        <p id={statusId} className={styles.maintenance}>
          {t('converter.maintenance')}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </form>
  );
}
