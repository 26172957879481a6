import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuietMoments } from './quiet-moments';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A lane whose arrivals and event-loop use the test sets, and a record of when each waiter went. */
function setUp() {
  let arrived = 0;
  let use = 0.9;
  const quietMoment = createQuietMoments({
    arrivals: () => arrived,
    loopUse: () => use,
    windowMs: 5,
    busyFrom: 4,
    busyLoop: 0.5,
    maxWaitMs: 100,
    stillQuietMs: 2,
  });
  const went: number[] = [];
  const wait = () => quietMoment().then(() => went.push(performance.now()));
  return { arrive: (n: number) => (arrived += n), setLoopUse: (share: number) => (use = share), wait, went };
}

describe('quiet moments of the express lane', () => {
  it('on a quiet lane, lets a waiter go after one window, not at once', async () => {
    const { wait, went } = setUp();
    const start = performance.now();
    void wait();
    await vi.advanceTimersByTimeAsync(4);
    expect(went).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(went).toEqual([start + 5]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds waiters while the lane is busy and lets them all go at its first quiet window', async () => {
    const { arrive, wait, went } = setUp();
    void wait();
    void wait();
    for (let i = 0; i < 6; i += 1) {
      arrive(4); // busy: four requests in each 5 ms window
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(went).toEqual([]);
    arrive(3); // quiet enough
    await vi.advanceTimersByTimeAsync(5);
    expect(went).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not hold anyone for steady traffic that leaves the event loop mostly idle', async () => {
    const { arrive, setLoopUse, wait, went } = setUp();
    setLoopUse(0.1);
    const start = performance.now();
    void wait();
    arrive(10);
    await vi.advanceTimersByTimeAsync(5);
    expect(went).toEqual([start + 5]);
  });

  it('lets a waiter go at its deadline under steady traffic, and the later ones keep waiting', async () => {
    const { arrive, wait, went } = setUp();
    const start = performance.now();
    void wait();
    let second: number | null = null;
    for (let elapsed = 0; elapsed < 200; elapsed += 5) {
      if (elapsed === 50) {
        second = performance.now();
        void wait();
      }
      arrive(10);
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(went).toEqual([start + 100, second! + 100]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one timer for every waiter, and none once nobody waits', async () => {
    const { wait, went } = setUp();
    for (let i = 0; i < 50; i += 1) void wait();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(5);
    expect(went).toHaveLength(50);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets a waiter go at once while no request came since the last quiet window, however long ago', async () => {
    const { arrive, wait, went } = setUp();
    void wait();
    await vi.advanceTimersByTimeAsync(5);
    expect(went).toHaveLength(1);
    // A login back from its hash, or the next one on an idle site: the lane saw nothing since.
    await vi.advanceTimersByTimeAsync(60_000);
    const back = performance.now();
    void wait();
    await vi.advanceTimersByTimeAsync(0);
    expect(went[1]).toBe(back);
    expect(vi.getTimerCount()).toBe(0);
    // One quote since: the lane is no longer known to be quiet, so the next waiter watches a window.
    arrive(1);
    const next = performance.now();
    void wait();
    await vi.advanceTimersByTimeAsync(4);
    expect(went).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(went[2]).toBe(next + 5);
  });

  it('lets a waiter go at once just after a quiet window even if requests came, and not later', async () => {
    const { arrive, wait, went } = setUp();
    void wait();
    await vi.advanceTimersByTimeAsync(5);
    // Held in front of Fastify, a login asks again in the service a moment after its window.
    arrive(3);
    await vi.advanceTimersByTimeAsync(2);
    const soon = performance.now();
    void wait();
    await vi.advanceTimersByTimeAsync(0);
    expect(went[1]).toBe(soon);
    // Past stillQuietMs, with requests coming, it watches a window of its own.
    await vi.advanceTimersByTimeAsync(1);
    arrive(1);
    void wait();
    await vi.advanceTimersByTimeAsync(4);
    expect(went).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(went).toHaveLength(3);
  });

  it('does not count a deadline passed in a busy window as a quiet moment', async () => {
    const { arrive, wait, went } = setUp();
    const start = performance.now();
    void wait();
    for (let elapsed = 0; elapsed < 100; elapsed += 5) {
      arrive(10);
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(went).toEqual([start + 100]);
    // Right after that deadline, with nothing arrived since: still no quiet window was ever seen.
    const next = performance.now();
    void wait();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(5);
    expect(went).toEqual([start + 100, next + 5]);
  });
});
