import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Currency } from '@obmen/shared/contracts';
import { FireIcon } from '../../../components/ui/fire-icon';
import { CloseIcon } from '../../../components/ui/icons';
import { searchCurrencies } from '../currency-search';
import styles from './currency-picker.module.css';
import { currencyIconSrc } from '../../../lib/currency-icon';

interface CurrencyPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  list: readonly Currency[];
  value: string | undefined;
  /** The other side's currency; one with no direction to or from it here is marked. */
  other: Currency | undefined;
  goesWithOther: (code: string) => boolean;
  onPick: (code: string) => void;
  /** Where focus goes back on closing: the button that opened it (Radix only knows its own triggers). */
  returnFocus: () => void;
}

/**
 * A searchable list of currencies in a dialog (a full-height sheet on phones). Radix unmounts the
 * content when it closes, so every opening starts with an empty search at the current currency.
 */
export function CurrencyPickerDialog({ open, onOpenChange, title, returnFocus, ...body }: CurrencyPickerDialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.sheet}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.querySelector('input')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className={styles.sheetHeader}>
            <RadixDialog.Title className={styles.sheetTitle}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label={t('common.close')}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <PickerBody title={title} {...body} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The search field is a combobox driving a listbox: arrows move through the results, Enter picks
 * one, Escape closes, and a screen reader hears the option under the cursor and how many match.
 */
function PickerBody({
  title,
  list,
  value,
  other,
  goesWithOther,
  onPick,
}: Omit<CurrencyPickerDialogProps, 'open' | 'onOpenChange' | 'returnFocus'>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string | undefined>(value);
  const id = useId();
  const results = useMemo(() => searchCurrencies(list, query), [list, query]);
  const shown = results.some((c) => c.codeName === active) ? active : results[0]?.codeName;
  const optionId = (code: string) => `${id}-option-${code}`;

  useEffect(() => {
    if (shown) document.getElementById(`${id}-option-${shown}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, shown]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 5, PageUp: -5 };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      if (results.length === 0) return;
      const index = results.findIndex((c) => c.codeName === shown);
      const next = Math.min(Math.max(index + step, 0), results.length - 1);
      // Plain arrows wrap around the ends, as lists usually do; page steps stop there.
      const wrapped = Math.abs(step) === 1 ? (index + step + results.length) % results.length : next;
      setActive(results[wrapped]!.codeName);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (shown) onPick(shown);
    }
  }

  return (
    <>
      <input
        className={styles.search}
        type="search"
        role="combobox"
        aria-label={t('converter.search')}
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown ? optionId(shown) : undefined}
        placeholder={t('converter.searchPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p className="visually-hidden" aria-live="polite">
        {query ? t('converter.found', { count: results.length }) : ''}
      </p>
      <ul id={`${id}-list`} role="listbox" aria-label={title} className={styles.list}>
        {results.map((currency) => {
          // Still pickable: the other side then moves to a currency this one goes with.
          const apart = currency.codeName !== other?.codeName && !goesWithOther(currency.codeName);
          return (
            <li
              key={currency.codeName}
              id={optionId(currency.codeName)}
              role="option"
              aria-selected={currency.codeName === value}
              data-active={currency.codeName === shown || undefined}
              data-apart={apart || undefined}
              className={styles.option}
              onMouseMove={() => setActive(currency.codeName)}
              onClick={() => onPick(currency.codeName)}
            >
              <img className={styles.icon} src={currencyIconSrc(currency.iconPath)} alt="" width={32} height={32} />
              <span className={styles.optionText}>
                <span className={styles.optionName}>{currency.name}</span>
                <span className={styles.optionCode}>
                  {apart && other ? t('converter.noDirectionWith', { name: other.name }) : currency.valute}
                </span>
              </span>
              {currency.highlighted && <FireIcon label={t('converter.popular')} />}
              {currency.codeName === value && (
                <svg className={styles.check} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
                </svg>
              )}
            </li>
          );
        })}
      </ul>
      {results.length === 0 && <p className={styles.empty}>{t('converter.nothingFound')}</p>}
    </>
  );
}
