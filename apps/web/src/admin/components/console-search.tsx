import styles from './desk.module.css';

/**
 * A console screen's search box: a hidden label and a search field that the console's "/" shortcut
 * focuses (it looks for `data-console-search`). `literal` is for searches by numbers, ids and addresses:
 * the browser neither suggests past entries nor checks their spelling.
 */
export function ConsoleSearch({
  id,
  label,
  placeholder = label,
  value,
  onChange,
  literal = false,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  literal?: boolean;
}) {
  return (
    <div className={styles.search}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        data-console-search
        className={styles.compactInput}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={literal ? 'off' : undefined}
        spellCheck={literal ? false : undefined}
      />
    </div>
  );
}
