import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import type { DirectionRow } from './exchange.repository';

// The order reloads finish in is not the order they read the tables in; only the tables' reads
// are replaced here, so each reload's answer can be held back and let go at will.
vi.mock('./exchange.repository', () => ({
  listCurrencies: vi.fn(async () => []),
  listPrices: vi.fn(async () => []),
  listDiscountBands: vi.fn(async () => []),
  listDirections: vi.fn(),
  readReserve: vi.fn(),
  readTicketShare: vi.fn(async () => '50'),
}));
// The server suite shares modules between files (isolate: false): an earlier file may have loaded
// the catalog with the real reads, so it is loaded anew over the mock, and dropped again after.
vi.resetModules();
const { createCatalog, directionKey } = await import('./exchange.catalog');
const { listDirections } = await import('./exchange.repository');
afterAll(() => {
  vi.doUnmock('./exchange.repository');
  vi.resetModules();
});

const direction = (enabled: boolean) =>
  ({
    giveCode: 'ETH',
    getCode: 'TON',
    enabled,
    feePercent: '0',
    fixedExtraPercent: '0',
    minSum: '1',
    threshold: null,
    maxSum: '10',
  }) as unknown as DirectionRow;

/** The next read of the directions answers only when `release` is called. */
function holdNextRead() {
  let release!: (rows: DirectionRow[]) => void;
  vi.mocked(listDirections).mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
  return (rows: DirectionRow[]) => release(rows);
}

function catalogWithEcho() {
  const listeners: ((payload: string) => void)[] = [];
  const database = {
    notify: vi.fn(async () => {}),
    listen: async (_channel: string, onMessage: (payload: string) => void) => {
      listeners.push(onMessage);
      return async () => {};
    },
  };
  return { catalog: createCatalog({} as Db, database), echo: () => listeners.forEach((listener) => listener('')) };
}

const enabled = (catalog: ReturnType<typeof createCatalog>) =>
  catalog.get().directions.get(directionKey('ETH', 'TON'))?.row.enabled;

describe('reloading the catalog', () => {
  it('keeps the later reload when an earlier one answers last', async () => {
    const { catalog, echo } = catalogWithEcho();
    vi.mocked(listDirections).mockResolvedValueOnce([direction(true)]);
    await catalog.refresh();
    await catalog.follow();

    // The echo of a change starts a reload that reads the direction still closed…
    const answerEcho = holdNextRead();
    echo();
    // …then the operator reopens it and this process reloads, reading it open.
    const answerChange = holdNextRead();
    const change = catalog.changed();
    answerChange([direction(true)]);
    await change;
    expect(enabled(catalog)).toBe(true);

    // The echo's reload answers last, with what it read before the reopening: it is dropped.
    answerEcho([direction(false)]);
    await new Promise((resolve) => setImmediate(resolve)); // every promise of that reload has settled

    expect(enabled(catalog)).toBe(true);
  });

  it('takes a later reload that answers last, and moves the version once per applied reload', async () => {
    const { catalog } = catalogWithEcho();
    vi.mocked(listDirections).mockResolvedValueOnce([direction(true)]);
    await catalog.refresh();
    const before = catalog.version();

    const answerFirst = holdNextRead();
    const first = catalog.refresh();
    const answerSecond = holdNextRead();
    const second = catalog.changed();
    answerFirst([direction(true)]);
    await first;
    expect(catalog.version()).toBe(before + 1);
    answerSecond([direction(false)]);
    await second;
    expect(enabled(catalog)).toBe(false);
    expect(catalog.version()).toBe(before + 2);
  });
});
