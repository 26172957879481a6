export interface QuietMomentOptions {
  /** How many requests have come for the express lane so far (ExpressLane.arrivals). */
  arrivals: () => number;
  /** The event loop's busy share since the last call (0–1); Node's eventLoopUtilization by default. */
  loopUse?: () => number;
  /** How long one look at the traffic lasts. */
  windowMs?: number;
  /** Lane arrivals in one window from which the lane counts as busy… */
  busyFrom?: number;
  /** …when the event loop was also busy at least this share of the window. */
  busyLoop?: number;
  /** The longest anyone waits: under steady traffic the work goes ahead anyway. */
  maxWaitMs?: number;
  /**
   * How long a quiet window still counts once it is over, whatever came since: a waiter that comes
   * this soon after one goes at once. A login held in front of Fastify asks again in the service
   * (app.ts) a moment after its quiet window: it need not watch a second one.
   */
  stillQuietMs?: number;
}

/** The event loop's busy share between one call and the next. */
function loopUseSinceLastCall(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/**
 * Quiet moments of the express lane, for work that can wait a little and is heavy on the event loop
 * and the database: a login (three statements and a hash: ~2 ms of the loop and ~2 ms of PGlite's
 * thread here) is not hurried by starting in the middle of a burst of quotes, but every quote of
 * that burst waits for it (issue 11: calculate's p99 beside 40 logins/s was 2–4 × its solo value,
 * the logins' work landing inside the second's burst of quotes). `quietMoment()` resolves at the
 * end of the first window in which the lane was not busy — fewer than `busyFrom` arrivals, or the
 * loop mostly idle, so steady light traffic never holds anyone — or after `maxWaitMs`; at once while
 * the last quiet window still holds. One timer serves every waiter, and it runs only while someone
 * waits.
 */
export function createQuietMoments({
  arrivals,
  loopUse = loopUseSinceLastCall(),
  windowMs = 5,
  busyFrom = 4,
  busyLoop = 0.5,
  maxWaitMs = 250,
  stillQuietMs = 2,
}: QuietMomentOptions) {
  const waiting: { go: () => void; deadline: number }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let seen = 0;
  // When the last window seen quiet ended (a deadline passed in a busy window is not one), and the
  // lane's arrivals then.
  let quietAt = -Infinity;
  let arrivalsWhenQuiet = -1;

  function look(): void {
    const count = arrivals();
    const use = loopUse();
    const busy = count - seen >= busyFrom && use >= busyLoop;
    seen = count;
    const now = performance.now();
    if (!busy) {
      quietAt = now;
      arrivalsWhenQuiet = count;
    }
    // Everyone goes at a quiet moment; while the lane is busy, those past their deadline. Deadlines
    // follow the arrival order (one maxWaitMs for all), so those are the first ones.
    const late = waiting.findIndex((waiter) => waiter.deadline > now);
    const going = !busy || late === -1 ? waiting.length : late;
    for (const { go } of waiting.splice(0, going)) go();
    timer = waiting.length > 0 ? setTimeout(look, windowMs) : null;
  }

  return function quietMoment(): Promise<void> {
    // Still quiet: no request for the lane since its last quiet window (an idle site, or a login
    // back from its hash with nothing come meanwhile), or that window has only just ended.
    if (!timer && (arrivals() === arrivalsWhenQuiet || performance.now() - quietAt <= stillQuietMs)) {
      return Promise.resolve();
    }
    return new Promise((go) => {
      waiting.push({ go, deadline: performance.now() + maxWaitMs });
      // A waiter that waits sees at least one whole window: a login that comes with the first
      // quotes of a burst must not pass for having come at a quiet moment.
      if (!timer) {
        seen = arrivals();
        loopUse();
        timer = setTimeout(look, windowMs);
      }
    });
  };
}
