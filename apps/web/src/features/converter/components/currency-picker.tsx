import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Currency } from '@obmen/shared/contracts';
import { FireIcon } from '../../../components/ui/fire-icon';
import { ChevronDownIcon } from '../../../components/ui/icons';
import styles from './currency-picker.module.css';

// The list with its search is its own chunk: the page shows before it, and it loads on the first
// hover, focus or idle moment, well before anyone opens it.
const loadDialog = () => import('./currency-picker-dialog');
const PickerDialog = lazy(() => loadDialog().then((m) => ({ default: m.CurrencyPickerDialog })));
export const preloadCurrencyPicker = () => void loadDialog();

interface CurrencyPickerProps {
  /** Names the field for screen readers and the dialog's title: "Отдаёте". */
  label: string;
  dialogTitle: string;
  list: readonly Currency[];
  value: string | undefined;
  /** The other side's currency, and whether a currency here has a direction with it. */
  other: Currency | undefined;
  goesWithOther: (code: string) => boolean;
  onPick: (code: string) => void;
  disabled?: boolean;
}

/** The button showing the chosen currency; it opens the searchable list. */
export function CurrencyPicker({
  label,
  dialogTitle,
  list,
  value,
  other,
  goesWithOther,
  onPick,
  disabled = false,
}: CurrencyPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const current = list.find((c) => c.codeName === value);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${label}: ${current?.name ?? t('common.loading')}`}
        disabled={disabled || list.length === 0}
        onPointerEnter={preloadCurrencyPicker}
        onFocus={preloadCurrencyPicker}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {/* fetchPriority low: React does not hoist a preload of the icon above the page's scripts,
            which are what makes the converter work (Lighthouse's first paint counted it). */}
        {current ? (
          <img className={styles.icon} src={current.iconPath} alt="" width={28} height={28} fetchPriority="low" />
        ) : (
          <span className={styles.icon} />
        )}
        <span className={styles.name}>{current?.name ?? t('common.loading')}</span>
        {current?.highlighted && <FireIcon label={t('converter.popular')} />}
        <ChevronDownIcon className={styles.chevron} size={18} />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <PickerDialog
            open={open}
            onOpenChange={setOpen}
            title={dialogTitle}
            list={list}
            value={value}
            other={other}
            goesWithOther={goesWithOther}
            onPick={(code) => {
              setOpen(false);
              onPick(code);
            }}
            returnFocus={() => triggerRef.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
