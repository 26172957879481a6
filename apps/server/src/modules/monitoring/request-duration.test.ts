import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurationHistogram } from './request-duration';

const BOUNDS = [0.001, 0.01, 0.1, 1];

/** The exposition's sample lines with each line's labels in one order, so two writers compare. */
async function samples(registry: client.Registry): Promise<string[]> {
  const text = await registry.metrics();
  return text
    .split('\n')
    .map((line) => {
      const match = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
      if (!match) return line;
      const labels = match[2]!.split(/,(?=\w+=")/).sort();
      return `${match[1]}{${labels.join(',')}} ${match[3]}`;
    })
    .sort();
}

describe('the request-duration histogram', () => {
  it("is exposed with the same series and values as prom-client's own Histogram", async () => {
    const theirs = new client.Registry();
    const reference = new client.Histogram({
      name: 'test_duration_seconds',
      help: 'Latency',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BOUNDS,
      registers: [theirs],
    });
    const ours = new client.Registry();
    const histogram = new RequestDurationHistogram('test_duration_seconds', 'Latency', BOUNDS);
    ours.registerMetric(histogram as unknown as client.Metric);

    // On a bound, between bounds, past the last one; two routes and two outcomes.
    const calls: [string, string, string, number][] = [
      ['GET', '/a', '200', 0.001],
      ['GET', '/a', '200', 0.0005],
      ['GET', '/a', '200', 0.05],
      ['GET', '/a', '200', 3],
      ['GET', '/a', '404', 0.2],
      ['POST', '/b', '200', 0.01],
      ['POST', '/b', '200', 0.0100001],
    ];
    for (const [method, route, statusCode, seconds] of calls) {
      reference.observe({ method, route, status_code: statusCode }, seconds);
      histogram.seriesOf(method, route, statusCode).observe(seconds);
    }
    const expected = await samples(theirs);
    expect(expected.filter((line) => line.includes('_bucket{'))).toHaveLength(3 * (BOUNDS.length + 1));
    expect(await samples(ours)).toEqual(expected);
  });

  it('keeps one series per route and outcome', () => {
    const histogram = new RequestDurationHistogram('x', 'x', BOUNDS);
    const series = histogram.seriesOf('GET', '/a', '200');
    expect(histogram.seriesOf('GET', '/a', '200')).toBe(series);
    expect(histogram.seriesOf('GET', '/a', '500')).not.toBe(series);
    series.observe(0.002);
    expect({ counts: series.counts, sum: series.sum, count: series.count }).toEqual({
      counts: [0, 1, 0, 0],
      sum: 0.002,
      count: 1,
    });
  });

  it('starts afresh on reset', async () => {
    const histogram = new RequestDurationHistogram('x', 'x', BOUNDS);
    histogram.seriesOf('GET', '/a', '200').observe(1);
    histogram.reset();
    expect((await histogram.get()).values).toEqual([]);
  });
});
