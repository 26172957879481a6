import styles from './vip-illustrations.module.css';

/** The pictures of the VIP dialog's three cards: drawn here, coloured by the theme. */

export function ManagerIllustration() {
  return (
    <svg className={styles.picture} viewBox="0 0 120 88" aria-hidden="true" focusable="false">
      <rect className={styles.backdrop} x="0" y="0" width="120" height="88" rx="14" />
      <circle className={styles.soft} cx="48" cy="46" r="30" />
      <circle className={styles.accent} cx="48" cy="38" r="11" />
      <path className={styles.accent} d="M27 70c2-11 10.5-17 21-17s19 6 21 17z" />
      <path className={styles.stroke} d="M35 39a13 13 0 0 1 26 0" />
      <rect className={styles.accentAlt} x="32" y="37" width="5" height="9" rx="2.5" />
      <rect className={styles.accentAlt} x="59" y="37" width="5" height="9" rx="2.5" />
      <path
        className={styles.paper}
        d="M74 16h30a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H86l-7 6v-6h-5a6 6 0 0 1-6-6V22a6 6 0 0 1 6-6z"
      />
      <circle className={styles.accent} cx="80" cy="29" r="2.4" />
      <circle className={styles.accent} cx="89" cy="29" r="2.4" />
      <circle className={styles.accent} cx="98" cy="29" r="2.4" />
    </svg>
  );
}

export function RateIllustration() {
  return (
    <svg className={styles.picture} viewBox="0 0 120 88" aria-hidden="true" focusable="false">
      <rect className={styles.backdrop} x="0" y="0" width="120" height="88" rx="14" />
      <rect className={styles.paper} x="14" y="16" width="70" height="56" rx="8" />
      <path className={styles.grid} d="M22 32h54M22 44h54M22 56h54" />
      <path className={styles.line} d="M22 60l12-10 10 5 13-15 17-9" />
      <circle className={styles.accent} cx="74" cy="31" r="3.5" />
      <circle className={styles.accentAlt} cx="92" cy="58" r="17" />
      <circle className={styles.coinRing} cx="92" cy="58" r="12" />
      <path className={styles.coinMark} d="M86.5 63.5l11-11M87.5 53.5h.1M96.5 62.5h.1" />
    </svg>
  );
}

export function PriorityIllustration() {
  return (
    <svg className={styles.picture} viewBox="0 0 120 88" aria-hidden="true" focusable="false">
      <rect className={styles.backdrop} x="0" y="0" width="120" height="88" rx="14" />
      <path className={styles.grid} d="M14 34h18M8 46h22M16 58h14" />
      <rect className={styles.soft} x="36" y="12" width="64" height="64" rx="18" />
      <path className={styles.accent} d="M72 20 50 48h15l-5 20 22-29H67z" />
      <circle className={styles.accentAlt} cx="96" cy="18" r="11" />
      <path className={styles.badgeMark} d="M92 18.5l3 3 5.5-6" />
    </svg>
  );
}
