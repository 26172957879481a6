// `npm run bench`: the product's hot calls against a bare node:http and a Fastify hello-world on the
// same machine (each ratio the median of rounds that alternate Fastify and the product), the budgets of
// issue 11 (PASS/FAIL, non-zero exit on any FAIL), Lighthouse on three pages, and the table written
// to bench/RESULTS.md.
//
//   npm run bench                      everything (PGlite; PostgreSQL too with TEST_DATABASE_URL)
//   npm run bench -- --quick           shorter runs, for a first look while working
//   npm run bench -- --no-lighthouse   the API only
//   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench   profiles the product under load
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Decimal from 'decimal.js';
import pg from 'pg';
import * as prettier from 'prettier';
import { buildIsFresh, run } from '../scripts/lib.mjs';
import { homeInitialScripts, HOME_JS_BUDGET_BYTES, weigh } from '../scripts/bundle-size.mjs';
import { call, logIn, reserve, setReserve } from './lib/api.mjs';
import { OPERATOR, root, startHello, startProduct, startTwin } from './lib/processes.mjs';
import { lighthouseScores } from './lighthouse.mjs';

const quick = process.argv.includes('--quick');
const withLighthouse = !process.argv.includes('--no-lighthouse');
const WARMUP_S = quick ? 1 : 3;
const MEASURE_S = quick ? 3 : 8;
// Ratio and latency lines are taken in rounds, and their median is kept: on this shared 2-core
// machine one run of a few seconds can land a third above or below the next (docs/decisions.md).
const ROUNDS = quick ? 3 : 5;
const SLICE_S = quick ? 2 : 3;
// Five latency rounds, not three: a 5 s p99 at 2 000 req/s is the 100th-slowest of 10 000 answers,
// and one pause of the host's (the idle machine's solo runs ranged 5–18 ms in one series) moves it.
const LATENCY_ROUNDS = quick ? 3 : 5;
const LATENCY_S = quick ? 3 : 5;

/** Throughput: 100 connections with 10 requests in flight on each, as issue 11 says. */
async function throughput(options, { warmup = WARMUP_S, measure = MEASURE_S } = {}) {
  await autocannon({ ...options, connections: 100, pipelining: 10, duration: warmup });
  return autocannon({ ...options, connections: 100, pipelining: 10, duration: measure });
}

/** Latency at a fixed request rate, well below saturation. */
async function atRate(options, rate, { warmup = WARMUP_S, measure = MEASURE_S } = {}) {
  await autocannon({ ...options, connections: 20, overallRate: rate, duration: warmup });
  return autocannon({ ...options, connections: 20, overallRate: rate, duration: measure });
}

/** The middle element by `by` (the rounds are an odd number). */
function median(items, by) {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)];
}

const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  ok: r['2xx'],
  bad: r.non2xx + r.errors + r.timeouts,
  // Per answer, headers included.
  bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : undefined,
});

const rows = [];
let failed = 0;

function record(name, figures, budget) {
  const pass = budget ? budget.check(figures) : null;
  if (pass === false) failed += 1;
  rows.push({ name, ...figures, budget: budget?.text ?? '', verdict: pass === null ? '' : pass ? 'PASS' : 'FAIL' });
  const parts = [
    figures.rps !== undefined && `${Math.round(figures.rps)} req/s`,
    figures.p50 !== undefined && `p50 ${figures.p50} ms`,
    figures.p99 !== undefined && `p99 ${figures.p99} ms`,
    figures.ratio !== undefined && `${figures.ratio.toFixed(2)} × Fastify`,
    figures.note,
  ].filter(Boolean);
  console.log(`${(pass === null ? '    ' : pass ? 'PASS' : 'FAIL').padEnd(5)} ${name.padEnd(46)} ${parts.join('  ')}`);
}

const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const CALCULATE = json({ giveName: 'SBERRUB', getName: 'BTC', sum: '10000', direction: 'sell' });
const TICKET_BTC = '0.001';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
// The give sum comes from a quote at the start of each product's run (the server refuses sums
// that differ from its own calculation, issue 6).
const TICKET_BODY = {
  giveName: 'USDTTRC20',
  getName: 'BTC',
  giveSum: '0',
  getSum: TICKET_BTC,
  calcDirection: 'buy',
  useFixed: false,
  email: 'bench@obmen.test',
  requisites: { give: {}, get: { walletAddress: BTC_ADDRESS } },
  agreeAml: true,
  agreeRules: true,
};

/** A ticket body with the sums the server quotes right now, as the converter would send them. */
async function quotedTicket(url) {
  const quote = await call(url, '/api/v1/Exchange/calculate', {
    method: 'POST',
    json: { giveName: TICKET_BODY.giveName, getName: TICKET_BODY.getName, sum: TICKET_BTC, direction: 'buy' },
  });
  return { ...TICKET_BODY, giveSum: quote.giveSum, getSum: quote.getSum };
}

/** The reserve once no queued create moves it any more. */
async function settledReserve(url, token, code) {
  let last = await reserve(url, token, code);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = await reserve(url, token, code);
    if (now.held === last.held) return now;
    last = now;
  }
}

/**
 * A call's throughput beside the Fastify hello-world's: rounds of one slice each, back to back
 * (each with its own warm-up), the ratio taken within each round and the round with the median
 * ratio kept. A machine that speeds up or slows down (shared cores, other loads) then moves both
 * sides of a ratio alike, and one unlucky slice no longer decides the line. With `twinUrl` (a
 * bare server sending the call's own bytes, bench/targets/bytes-twin.mjs) each round measures it
 * too, and the note gives its median ratio: as far as a server doing no work gets on this machine.
 */
async function besideFastify(fastifyUrl, options, twinUrl) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const slice = { warmup: i === 0 ? WARMUP_S : 1, measure: SLICE_S };
    const fastify = summary(await throughput({ url: fastifyUrl }, slice));
    const own = summary(await throughput(options, slice));
    const twin = twinUrl && summary(await throughput({ url: twinUrl }, slice));
    rounds.push({ own, fastify, ratio: own.rps / fastify.rps, twinRatio: twin && twin.rps / fastify.rps });
  }
  const kept = median(rounds, (r) => r.ratio);
  const ratios = rounds.map((r) => r.ratio).sort((x, y) => x - y);
  const twinRatio = twinUrl && median(rounds, (r) => r.twinRatio).twinRatio;
  return {
    ...kept.own,
    bad: rounds.reduce((sum, r) => sum + r.own.bad, 0),
    ratio: kept.ratio,
    fastifyRps: kept.fastify.rps,
    note: [
      `median of ${ROUNDS} rounds (${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}); Fastify ${Math.round(kept.fastify.rps)} req/s in that round`,
      twinRatio && `a bare node:http sending the same ${kept.own.bytes} bytes: ${twinRatio.toFixed(2)} ×`,
    ]
      .filter(Boolean)
      .join('; '),
  };
}

/**
 * The median p99 of a few fixed-rate runs. `before` runs ahead of each (a solo run to compare
 * with), `alongside` beside each (the logins).
 */
async function p99AtRate(options, rate, { before, alongside } = {}) {
  const runs = [];
  for (let i = 0; i < LATENCY_ROUNDS; i += 1) {
    const slice = { warmup: i === 0 ? WARMUP_S : 1, measure: LATENCY_S };
    await before?.(slice);
    // The load beside starts its measured run a second ahead of this one, so the window holds that
    // load running, not its start: begun together, each of this run's connections had its first
    // answer 11–19 ms late in every round and never alone (docs/decisions.md, "Calculate beside
    // logins: the window holds them running"). A whole second keeps both loads' bursts together.
    const [run] = await Promise.all([
      atRate(options, rate, alongside ? { ...slice, warmup: slice.warmup + 1 } : slice).then(summary),
      alongside?.({ ...slice, measure: slice.measure + 1 }),
    ]);
    runs.push(run);
  }
  return { ...median(runs, (r) => r.p99), bad: runs.reduce((sum, r) => sum + r.bad, 0), p99s: runs.map((r) => r.p99) };
}

async function benchProduct(label, product, fastifyUrl, ticketBudget) {
  const url = product.url;
  const reads = [
    ['get_currencies/give', '/api/v1/Exchange/get_currencies/give', 0.8],
    ['get_range', '/api/v1/Exchange/get_range?giveName=SBERRUB&getName=BTC', 0.5],
    ['direction_status', '/api/v1/Exchange/direction_status?giveName=SBERRUB&getName=BTC', 0.5],
  ];
  for (const [name, pathname, share] of reads) {
    const twin = await startTwin(`${url}${pathname}`);
    const r = await besideFastify(fastifyUrl, { url: `${url}${pathname}` }, twin.url).finally(twin.stop);
    record(`${label} ${name}`, r, {
      text: `≥ ${share} × Fastify, no errors`,
      check: (f) => f.ratio >= share && f.bad === 0,
    });
  }
  const quote = { url: `${url}/api/v1/Exchange/calculate`, ...CALCULATE };
  const calc = await besideFastify(fastifyUrl, quote);
  record(`${label} POST calculate`, calc, {
    text: '≥ 0.4 × Fastify, no errors',
    check: (f) => f.ratio >= 0.4 && f.bad === 0,
  });
  // The Fastify hello-world at the same rate ahead of each run: the machine's own floor for a p99
  // at that moment (on a shared 2-core host it alone reaches 4–13 ms), printed beside the budget.
  const floor = [];
  const solo = await p99AtRate(quote, 2000, {
    before: async (slice) => floor.push(summary(await atRate({ url: fastifyUrl }, 2000, slice)).p99),
  });
  record(
    `${label} POST calculate at 2000 req/s`,
    {
      ...solo,
      note: `median p99 of ${LATENCY_ROUNDS} runs (${solo.p99s.join(', ')} ms); Fastify hello-world at 2000 req/s just before each: ${floor.join(', ')} ms`,
    },
    { text: 'p99 ≤ 10 ms, no errors', check: (f) => f.p99 <= 10 && f.bad === 0 },
  );

  // Ticket creation on one hot direction: every ticket holds bitcoin from the same reserve row.
  const token = await logIn(url, OPERATOR);
  const TICKET = json(await quotedTicket(url));
  const before = await reserve(url, token, 'BTC');
  await setReserve(url, token, 'BTC', new Decimal(before.held).plus(10_000).toFixed(8));
  const heldBefore = (await reserve(url, token, 'BTC')).held;
  // No timed warm-up here: it would leave a thousand creates queued in the server, and the
  // measured run would see only their backlog. What is still queued when the run ends is waited
  // for before the reserve is read.
  const creates = { url: `${url}/api/v1/Tickets/create`, ...TICKET, connections: 100, pipelining: 10, timeout: 120 };
  const created = summary(await autocannon({ ...creates, duration: MEASURE_S }));
  const after = await settledReserve(url, token, 'BTC');
  // Counted by the reserve: every create accepted, including those answered after the run ended.
  const heldGrowth = new Decimal(after.held).minus(heldBefore).div(TICKET_BTC);
  record(`${label} POST Tickets/create`, { ...created, ratio: created.rps / calc.fastifyRps }, ticketBudget);

  // No oversell: a reserve that fits exactly 300 tickets, under the same load.
  const fits = 300;
  await setReserve(url, token, 'BTC', new Decimal(TICKET_BTC).times(fits).plus(after.held).toFixed(8));
  const burst = await autocannon({
    url: `${url}/api/v1/Tickets/create`,
    ...TICKET,
    connections: 100,
    amount: 3000,
    timeout: 120,
  });
  const tight = await reserve(url, token, 'BTC');
  const accepted = burst['2xx'];
  record(
    `${label} no oversell (3000 creates, room for ${fits})`,
    {
      note: `${accepted} accepted; held ${tight.held} of balance ${tight.balance}; ${heldGrowth.toFixed(0)} held earlier`,
    },
    {
      text: `exactly ${fits} accepted, held = balance`,
      check: () => accepted === fits && new Decimal(tight.held).eq(tight.balance),
    },
  );
  // The room there was before, on top of what the run's tickets now hold.
  const left = await reserve(url, token, 'BTC');
  const room = new Decimal(before.balance).minus(before.held);
  await setReserve(url, token, 'BTC', room.plus(left.held).toFixed(8));

  // Login with argon2id at OWASP's minimum (7 MiB, t=5, p=1: one of its five equal settings).
  const user = `bench${Date.now()}`;
  const password = 'Bench-User-Password-1!';
  await call(url, '/register', {
    method: 'POST',
    json: { username: user, email: `${user}@obmen.test`, password, confirmPassword: password, agree: true },
  });
  const login = json({ username: user, password });
  // Each login costs ~20 ms of one core by design: 1 000 in flight would only queue past the
  // client's timeout, so the throughput run keeps 20 in flight (twice the cores of a big server).
  await autocannon({ url: `${url}/token`, ...login, connections: 20, duration: WARMUP_S });
  const logins = summary(await autocannon({ url: `${url}/token`, ...login, connections: 20, duration: MEASURE_S }));
  record(`${label} POST /token`, logins, { text: '≥ 60 req/s', check: (f) => f.rps >= 60 && f.bad === 0 });

  // The solo figure again, in the same rounds as the mixed one (solo, then with the logins): the
  // same process after the ticket and login runs, so the logins are the only difference.
  const alone = [];
  const mixed = await p99AtRate(quote, 2000, {
    before: async (slice) => alone.push(summary(await atRate(quote, 2000, slice))),
    alongside: (slice) => atRate({ url: `${url}/token`, ...login }, 40, slice),
  });
  const aloneP99 = median(alone, (r) => r.p99).p99;
  record(
    `${label} calculate at 2000 req/s + 40 logins/s`,
    {
      ...mixed,
      note: `median p99 of ${LATENCY_ROUNDS} runs (${mixed.p99s.join(', ')} ms); solo in the same rounds ${alone.map((r) => r.p99).join(', ')} ms (at the start: ${solo.p99} ms)`,
    },
    {
      text: `p99 ≤ 2 × solo (${aloneP99} ms)`,
      check: (f) => f.p99 <= 2 * Math.max(aloneP99, 1) && f.bad === 0,
    },
  );
}

async function freshPostgres(adminUrl) {
  const name = `obmen_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function machine() {
  const cpus = os.cpus();
  let postgres = '';
  try {
    postgres = execFileSync('psql', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    // No client: the PostgreSQL row says so itself.
  }
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}${postgres ? `, ${postgres}` : ''}`;
}

/** The table as the repository's formatter keeps it, so a bench run leaves `npm test` clean. */
async function writeResults() {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cell = (v, digits = 0) => (v === undefined ? '' : typeof v === 'number' ? v.toFixed(digits) : String(v));
  const lines = [
    '# Bench results',
    '',
    `Written by \`npm run bench\`${quick ? ' (--quick)' : ''} on ${date} UTC.`,
    '',
    `Machine: ${machine()}. Load generator (autocannon) and servers share it.`,
    '',
    `Each × Fastify line is the median of ${ROUNDS} rounds that alternate the Fastify hello-world and the call (${SLICE_S} s each, after a warm-up), the ratio taken within each round; each fixed-rate line is the median p99 of ${LATENCY_ROUNDS} runs of ${LATENCY_S} s.`,
    '',
    '| what | req/s | p50 ms | p99 ms | × Fastify | notes | budget | |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${cell(r.rps)} | ${cell(r.p50)} | ${cell(r.p99)} | ${cell(r.ratio, 2)} | ${r.note ?? ''} | ${r.budget} | ${r.verdict} |`,
    ),
    '',
  ];
  const file = path.join(root, 'bench/RESULTS.md');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(lines.join('\n'), { ...options, filepath: file }));
}

if (!buildIsFresh()) {
  console.log('Building the product first…');
  if ((await run(process.execPath, [path.join(root, 'scripts/build.mjs')])) !== 0) process.exit(1);
}

console.log(`Machine: ${machine()}\n`);
const nodeHello = await startHello('node');
const fastifyHello = await startHello('fastify');
try {
  const bare = summary(await throughput({ url: nodeHello.url }));
  record('node:http hello-world', bare);
  const fastify = summary(await throughput({ url: fastifyHello.url }));
  record('Fastify hello-world', { ...fastify, ratio: 1 });
} finally {
  nodeHello.stop();
}

const pglite = await startProduct();
let ticketPage = null;
try {
  await benchProduct('PGlite', pglite, fastifyHello.url, {
    text: '≥ 500 req/s, no errors',
    check: (f) => f.rps >= 500 && f.bad === 0,
  });
  if (withLighthouse) {
    const ticket = await call(pglite.url, '/api/v1/Tickets/create', {
      method: 'POST',
      json: await quotedTicket(pglite.url),
    });
    ticketPage = `/ru/ticket/${ticket.id}`;
    const pages = ['/ru/', '/ru/SBERRUB--BTC', ticketPage];
    for (const { page, performance, cls, lcp, tbt, benchmarkIndex } of await lighthouseScores(pglite.url, pages)) {
      const shown = page === ticketPage ? '/ru/ticket/{id}' : page;
      record(
        `Lighthouse mobile ${shown}`,
        {
          note: `performance ${performance}, CLS ${cls}, LCP ${lcp} ms, blocking time ${tbt} ms; benchmark index ${benchmarkIndex}`,
        },
        {
          text: 'performance ≥ 95, CLS ≤ 0.05',
          check: () => performance >= 95 && cls <= 0.05,
        },
      );
    }
  }
} finally {
  await pglite.stop();
}

if (process.env.TEST_DATABASE_URL) {
  const database = await freshPostgres(process.env.TEST_DATABASE_URL);
  const postgres = await startProduct({ databaseUrl: database.url });
  try {
    await benchProduct('PostgreSQL', postgres, fastifyHello.url, {
      text: '≥ 1000 req/s, no errors',
      check: (f) => f.rps >= 1000 && f.bad === 0,
    });
  } finally {
    await postgres.stop();
    await database.drop();
  }
} else {
  console.log('(set TEST_DATABASE_URL to bench on PostgreSQL too)');
}
fastifyHello.stop();

const homeJs = weigh(homeInitialScripts()).reduce((sum, { gzip }) => sum + gzip, 0);
record(
  'home page initial JavaScript',
  { note: `${(homeJs / 1024).toFixed(1)} KB gzip` },
  {
    text: `≤ ${HOME_JS_BUDGET_BYTES / 1024} KB gzip`,
    check: () => homeJs <= HOME_JS_BUDGET_BYTES,
  },
);

await writeResults();
console.log(`\n${failed ? `${failed} budget(s) missed` : 'Every budget met'}; the table is in bench/RESULTS.md`);
process.exit(failed ? 1 : 0);
