import { useEffect, useState } from 'react';
import { useDrawnAt } from './use-drawn-at';

/**
 * Milliseconds until `deadline` (epoch ms), ticking every `stepMs`; 0 once it has passed. In a page
 * the server draws, counted from the moment it drew it until the browser has taken the page over.
 */
export function useTimeLeft(deadline: number | null, stepMs = 1000): number {
  const drawnAt = useDrawnAt();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, stepMs);
    return () => clearInterval(timer);
  }, [deadline, stepMs]);
  return deadline === null ? 0 : Math.max(0, deadline - (drawnAt ?? now));
}

/** `mm:ss`, or `h:mm:ss` from an hour up. */
export function formatDuration(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
