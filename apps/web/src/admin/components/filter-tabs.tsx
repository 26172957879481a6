import styles from './desk.module.css';

/**
 * A row of toggle buttons that filters a screen's list (a queue's states, a file's kind): the one
 * shown is pressed; a tab may carry the count of what it holds.
 */
export function FilterTabs<Tab extends string>({
  label,
  tabs,
  current,
  onPick,
  labelOf,
  countOf,
}: {
  label: string;
  tabs: readonly Tab[];
  current: Tab;
  onPick: (tab: Tab) => void;
  labelOf: (tab: Tab) => string;
  countOf?: (tab: Tab) => number | null;
}) {
  return (
    <ul className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => {
        const count = countOf?.(tab) ?? null;
        return (
          <li key={tab || 'all'}>
            <button type="button" className={styles.tab} aria-pressed={tab === current} onClick={() => onPick(tab)}>
              {labelOf(tab)}
              {count !== null && <span className={styles.count}>{count}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
