import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the per-key queue', () => {
  it('runs the tasks of one key one at a time, in order, and those of other keys alongside', async () => {
    const run = createKeyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([run('BTC', task('a')), run('BTC', task('b')), run('BTC', task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(most).toBe(1);

    running = 0;
    most = 0;
    await Promise.all([run('BTC', task('x')), run('ETH', task('y'))]);
    expect(most).toBe(2);
  });

  it('goes on with the next task when one fails, and hands the failure to its own caller', async () => {
    const run = createKeyedQueue();
    const failing = run('BTC', async () => {
      throw new Error('refused');
    });
    const next = run('BTC', async () => 'next');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next');
  });
});
