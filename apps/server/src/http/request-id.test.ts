import { describe, expect, it } from 'vitest';
import { requestIds } from './request-id';

describe('request ids', () => {
  it('never repeat within a process, and each process has a prefix of its own', () => {
    const next = requestIds();
    const ids = Array.from({ length: 10_000 }, next);
    expect(new Set(ids).size).toBe(ids.length);
    const prefixes = new Set(Array.from({ length: 50 }, () => requestIds()().split('-')[0]));
    expect(prefixes.size).toBe(50);
  });

  it('are short and safe in a header and a log line', () => {
    const next = requestIds();
    for (const id of [next(), next()]) expect(id).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
  });
});
