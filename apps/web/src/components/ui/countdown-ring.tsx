import { useHydrated } from '../../hooks/use-hydrated';
import { formatDuration, useTimeLeft } from '../../hooks/use-time-left';
import styles from './countdown-ring.module.css';

interface CountdownRingProps {
  /** When the time runs out, as epoch ms on this device's clock. */
  deadline: number;
  /** The whole span the ring stands for, in ms (a quote's lifetime, a payment window). */
  totalMs: number;
  /** Read by screen readers with the time left: "Rate fixed for". */
  label: string;
  size?: number;
}

const RADIUS = 18;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The arc moves once a second, eased over that second. When a second's move is under a pixel (a
 * 30-minute payment window) the easing would repaint the ring every frame for nothing to see, so
 * it just steps.
 */
export function easesEachSecond(totalMs: number, size: number): boolean {
  return totalMs > 0 && (CIRCUMFERENCE * (size / 44) * 1000) / totalMs >= 1;
}

/** A circle that empties as the time runs out, with the time left in the middle. */
export function CountdownRing({ deadline, totalMs, label, size = 44 }: CountdownRingProps) {
  const ticking = useTimeLeft(deadline);
  // The server's clock is not this device's: a page drawn there shows the whole span until hydrated.
  const left = useHydrated() ? ticking : totalMs;
  const share = totalMs > 0 ? Math.min(1, left / totalMs) : 0;
  const text = formatDuration(left);
  const progressClass = easesEachSecond(totalMs, size) ? `${styles.progress} ${styles.eased}` : styles.progress;
  return (
    <span
      className={styles.ring}
      style={{ width: size, height: size }}
      title={`${label} ${text}`}
      data-testid="countdown"
    >
      <svg viewBox="0 0 44 44" width={size} height={size} aria-hidden="true" focusable="false">
        <circle className={styles.track} cx="22" cy="22" r={RADIUS} />
        <circle
          className={progressClass}
          cx="22"
          cy="22"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - share)}
        />
      </svg>
      <span className={styles.time} aria-hidden="true">
        {left >= 60_000 ? Math.ceil(left / 60_000) + '′' : Math.ceil(left / 1000)}
      </span>
      <span className="visually-hidden">
        {label} {text}
      </span>
    </span>
  );
}
