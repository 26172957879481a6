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

/** A circle that empties as the time runs out, with the time left in the middle. */
export function CountdownRing({ deadline, totalMs, label, size = 44 }: CountdownRingProps) {
  const left = useTimeLeft(deadline);
  const share = totalMs > 0 ? Math.min(1, left / totalMs) : 0;
  const radius = 18;
  const circumference = 2 * Math.PI * radius;
  const text = formatDuration(left);
  return (
    <span className={styles.ring} style={{ width: size, height: size }} title={`${label} ${text}`}>
      <svg viewBox="0 0 44 44" width={size} height={size} aria-hidden="true" focusable="false">
        <circle className={styles.track} cx="22" cy="22" r={radius} />
        <circle
          className={styles.progress}
          cx="22"
          cy="22"
          r={radius}
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - share)}
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
