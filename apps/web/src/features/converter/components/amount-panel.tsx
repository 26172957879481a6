import { useId, type ReactNode } from 'react';
import { goesWith, type Side } from '../converter-logic';
import type { Converter } from '../hooks/use-converter';
import { CurrencyPicker } from './currency-picker';
import styles from './converter.module.css';

interface AmountPanelProps {
  side: Side;
  model: Converter;
  label: string;
  pickerTitle: string;
  /** The range under the give side, the reserve under the get side. */
  hint: ReactNode;
}

/** One side of the converter: its currency, its amount, and what is wrong with it. */
export function AmountPanel({ side, model, label, pickerTitle, hint }: AmountPanelProps) {
  const view = model[side];
  const id = useId();
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const other = model[side === 'give' ? 'get' : 'give'].currency;
  const describedBy = [view.problem && problemId, hint && hintId, view.message && noteId].filter(Boolean).join(' ');

  return (
    <div className={styles.panel} data-side={side}>
      <label className={styles.label} htmlFor={`${id}-amount`}>
        {label}
      </label>
      <CurrencyPicker
        label={label}
        dialogTitle={pickerTitle}
        list={side === 'give' ? model.giveList : model.getList}
        value={view.currency?.codeName}
        other={other}
        goesWithOther={(code) => !other || goesWith(model.directions, side, code, other.codeName)}
        onPick={(code) => model.pick(side, code)}
      />
      <div className={styles.amount} data-stale={view.stale || undefined}>
        <input
          id={`${id}-amount`}
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={model.ready ? '0' : ''}
          value={view.text}
          disabled={!model.ready}
          aria-invalid={view.problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => model.type(side, event.target.value)}
        />
        <span className={styles.valute} aria-hidden="true">
          {view.currency?.valute}
        </span>
      </div>
      {view.problem && (
        <div id={problemId} className={styles.problem} data-testid={`${side}-problem`}>
          {view.problem.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {/* The line is there before the range or reserve arrives, so nothing below it jumps. */}
      <p id={hintId} className={styles.hint}>
        {hint ?? '\u00a0'}
      </p>
      {view.message && (
        <p id={noteId} className={styles.note}>
          {view.message}
        </p>
      )}
    </div>
  );
}
