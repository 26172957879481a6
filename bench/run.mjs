// `npm run bench`: the budgets of issue 32 on the built product, each line printed with its figures
// and PASS/FAIL, a non-zero exit on any FAIL, and the table written to bench/RESULTS.md.
//
//   npm run bench                      everything (PGlite; PostgreSQL too with TEST_DATABASE_URL)
//   npm run bench -- --quick           shorter runs, for a first look while working
//   npm run bench -- --no-lighthouse   the server only
//   npm run bench -- --only=reads,pages   some parts (reads, small-reads, calculate, pages, tickets,
//                                      logins, lighthouse); the table is printed, RESULTS.md left as it is
//   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench   profiles the product under load
//
// Every request of a line differs from the one before it: other pairs, currencies, amounts, users.
// A line that sent one request over and over would measure whatever cache sits in front of the work.
import path from 'node:path';
import autocannon from 'autocannon';
import Decimal from 'decimal.js';
import pg from 'pg';
import { homeInitialScripts, HOME_JS_BUDGET_BYTES, weigh } from '../scripts/bundle-size.mjs';
import { buildIsFresh, run } from '../scripts/lib.mjs';
import { call, capture, liftClientCaps, logIn, register, reserve, setReserve } from './lib/api.mjs';
import { newsItemId, quotablePairs, readCatalog, ticketBodies } from './lib/catalog.mjs';
import {
  atRate,
  inRounds,
  LATENCY_ROUNDS,
  MEASURE_S,
  medianThroughput,
  p99AtRate,
  summary,
  throughput,
} from './lib/measure.mjs';
import { OPERATOR, root, startFastifyHello, startProduct, startTwin } from './lib/processes.mjs';
import { machine, missed, record, writeResults } from './lib/report.mjs';
import { fromUnits, jsonBodies, quoteBodies, rotatingPaths } from './lib/varied.mjs';
import { cacheableReads, EXCHANGE, LANGS, smallReads } from './lib/reads.mjs';
import { lighthouseScores } from './lighthouse.mjs';

const PARTS = ['reads', 'small-reads', 'calculate', 'pages', 'tickets', 'logins', 'lighthouse'];
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const unknownPart = only?.find((part) => !PARTS.includes(part));
if (unknownPart) {
  console.error(`Unknown part "${unknownPart}"; the parts are ${PARTS.join(', ')}`);
  process.exit(2);
}
const wants = (part) =>
  only ? only.includes(part) : part !== 'lighthouse' || !process.argv.includes('--no-lighthouse');
const noErrors = (f) => f.bad === 0;

const TWIN_BUDGET = {
  text: '≥ 0.85 × a bare Fastify route sending the same bytes, no errors',
  check: (f) => f.ratio >= 0.85 && f.bad === 0 && f.yardstickBad === 0,
};
// Issue 43: the small reads' ratio is printed, not held to a figure.
const NO_ERRORS_ON_EITHER = {
  text: 'no errors (the ratio has no budget)',
  check: (f) => f.bad === 0 && f.yardstickBad === 0,
};

/** Each read against its bare twin, the ratio held to `budget`. */
async function benchReads(label, url, reads, budget) {
  for (const read of reads) {
    // Only what the product answers with 200: a refusal is no read to compare.
    const answers = (await capture(url, read.paths)).filter((answer) => answer.status === 200);
    const paths = answers.map((answer) => answer.path);
    const twin = await startTwin(read.route, answers);
    const r = await inRounds(
      { url, ...rotatingPaths(paths) },
      { url: twin.url, ...rotatingPaths(paths) },
      read.load,
    ).finally(twin.stop);
    record(
      `${label} GET ${read.name}`,
      {
        ...r,
        against: 'twin',
        note: `${paths.length} different request${paths.length === 1 ? '' : 's'} in turn, ~${r.bytes} bytes per answer; ${r.spread}; the twin ${Math.round(r.yardstickRps)} req/s in that round${r.yardstickBad ? `; the twin had ${r.yardstickBad} errors` : ''}`,
      },
      budget,
    );
  }
}

/** Calculate saturated (as × Fastify's hello-world) and at 2 000 req/s; its load for later lines. */
async function benchCalculate(label, url, fastifyUrl, catalog) {
  const pairs = await quotablePairs(url, catalog.pairs);
  const quote = { url: `${url}${EXCHANGE}/calculate`, ...quoteBodies(pairs) };
  const saturated = await inRounds(quote, { url: fastifyUrl });
  record(
    `${label} POST calculate, saturated`,
    {
      ...saturated,
      against: 'Fastify hello-world',
      note: `${pairs.length} pairs in turn, a different amount on every request; ${saturated.spread}; Fastify ${Math.round(saturated.yardstickRps)} req/s in that round; printed, no budget (≈ 0.11 × when issue 32 was filed)`,
    },
    { text: 'no errors', check: noErrors },
  );
  // The Fastify hello-world at the same rate ahead of each run: the machine's own floor for a p99
  // at that moment (on a shared 2-core host it alone reaches 4–13 ms), printed beside the budget.
  const floor = [];
  const solo = await p99AtRate(quote, 2000, {
    before: async (slice) => floor.push((await atRate({ url: fastifyUrl }, 2000, slice)).p99),
  });
  record(
    `${label} POST calculate at 2000 req/s`,
    {
      ...solo,
      note: `median p99 of ${LATENCY_ROUNDS} runs (${solo.p99s.join(', ')} ms); Fastify hello-world at 2000 req/s just before each: ${floor.join(', ')} ms`,
    },
    { text: 'p99 ≤ 20 ms, no errors', check: (f) => f.p99 <= 20 && f.bad === 0 },
  );
  return { quote, soloP99: solo.p99 };
}

// As a browser asks for a page: HTML, compressed.
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };

/**
 * Home and pair pages in both languages, every other request a home page (the most visited), the
 * pairs in turn. Whether they are rendered on the server or are the app's shell, the line measures
 * what a browser's first request gets; the note says which it was.
 */
async function benchPages(label, url, { pairs }) {
  const pages = pairs.flatMap(({ give, get }, i) => {
    const lang = LANGS[i % LANGS.length];
    return [`/${lang}/`, `/${lang}/${give.code}--${get.code}`];
  });
  const sample = await (await fetch(`${url}/ru/SBERRUB--BTC`, { headers: BROWSER })).text();
  const rendered = /<h1[\s>]/.test(sample)
    ? 'server-rendered (the pair page has its h1 in the HTML)'
    : 'an HTML shell (no h1 before scripts run)';
  const load = { url, headers: BROWSER, ...rotatingPaths(pages) };
  // Browsers do not pipeline: 100 connections, one page in flight on each.
  const saturated = await medianThroughput({ ...load, pipelining: 1 });
  record(
    `${label} GET home and pair pages, saturated`,
    {
      ...saturated,
      note: `${pages.length} pages in turn, ${rendered}; ~${saturated.bytes} bytes per answer; ${saturated.spread}`,
    },
    { text: '≥ 200 pages/s, no errors', check: (f) => f.rps >= 200 && f.bad === 0 },
  );
  const paced = await p99AtRate(load, 50);
  record(
    `${label} GET home and pair pages at 50/s`,
    { ...paced, note: `median p99 of ${LATENCY_ROUNDS} runs (${paced.p99s.join(', ')} ms)` },
    { text: 'p99 ≤ 40 ms, no errors', check: (f) => f.p99 <= 40 && f.bad === 0 },
  );
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
 * Ticket bodies in turn, each from a client of its own: its own email and its own address. From
 * one address, every create counted that address's open tickets, thousands by the end of a line,
 * which no client has (issue 33's caps keep it to a few).
 */
const ticketLoad = (url, bodies) => ({
  url: `${url}/api/v1/Tickets/create`,
  ...jsonBodies((i) => JSON.stringify({ ...bodies[i % bodies.length], email: `bench-${i}@obmen.test` }), {
    fromAddresses: true,
  }),
});

/**
 * Ticket creation through the single path, every ticket holding bitcoin from the same reserve row
 * (the hottest row there is): its throughput, then exactly N accepted when the reserve has room for N.
 */
async function benchTickets(label, url, catalog, ticketBudget) {
  const token = await logIn(url, OPERATOR);
  await liftClientCaps(url, token);
  const before = await reserve(url, token, 'BTC');
  await setReserve(url, token, 'BTC', new Decimal(before.held).plus(10_000).toFixed(8));
  // 0.001 BTC and 24 amounts above it, a few thousand satoshi apart, given in every coin.
  const amounts = Array.from({ length: 25 }, (_, k) => fromUnits(100_000 + k * 4_321, 8));
  const bodies = await ticketBodies(url, catalog.currencies, amounts);
  // No timed warm-up (it would leave a backlog of queued creates); what is queued at the end is waited for.
  const created = summary(
    await autocannon({
      ...ticketLoad(url, bodies),
      connections: 100,
      pipelining: 10,
      timeout: 120,
      duration: MEASURE_S,
    }),
  );
  await settledReserve(url, token, 'BTC');
  record(
    `${label} POST Tickets/create`,
    {
      ...created,
      note: `${bodies.length} bodies in turn (${new Set(bodies.map((b) => b.giveName)).size} coins × ${amounts.length} amounts of BTC), each from its own email and address`,
    },
    ticketBudget,
  );

  // Exactly N: a reserve with room for N tickets of 0.001 BTC, and ten times N fired at it.
  const fits = 300;
  const exact = await ticketBodies(url, catalog.currencies, ['0.001']);
  const held = (await reserve(url, token, 'BTC')).held;
  await setReserve(url, token, 'BTC', new Decimal('0.001').times(fits).plus(held).toFixed(8));
  const burst = await autocannon({ ...ticketLoad(url, exact), connections: 100, amount: fits * 10, timeout: 120 });
  const tight = await reserve(url, token, 'BTC');
  const accepted = burst['2xx'];
  record(
    `${label} Tickets/create with room for ${fits}`,
    {
      note: `${fits * 10} fired (${exact.length} coins in turn), ${accepted} accepted; held ${tight.held} of balance ${tight.balance}`,
    },
    {
      text: `exactly ${fits} accepted, held = balance`,
      check: () => accepted === fits && new Decimal(tight.held).eq(tight.balance),
    },
  );
  // The room there was before, on top of what the run's tickets now hold.
  const room = new Decimal(before.balance).minus(before.held);
  await setReserve(url, token, 'BTC', room.plus(tight.held).toFixed(8));
}

/** Logins of different users: their throughput, and calculate's p99 while 40 a second run beside it. */
async function benchLogins(label, url) {
  // Twelve: sign-ups are limited to 20 an hour from one address, and the bench has one.
  const users = Array.from({ length: 12 }, (_, k) => ({
    username: `bench${Date.now()}u${k}`,
    password: `Bench-User-Password-${k}!`,
  }));
  const operator = await logIn(url, OPERATOR);
  for (const user of users) await register(url, operator, user);
  const login = {
    url: `${url}/token`,
    ...jsonBodies((i) => JSON.stringify(users[i % users.length])),
  };
  // Each login costs ~20 ms of one core by design: 1 000 in flight would only queue past the
  // client's timeout, so the throughput run keeps 20 in flight (twice the cores of a big server).
  const logins = summary(await throughput({ ...login, connections: 20, pipelining: 1 }));
  record(
    `${label} POST /token`,
    { ...logins, note: `${users.length} users in turn` },
    {
      text: '≥ 60 req/s, no errors',
      check: (f) => f.rps >= 60 && f.bad === 0,
    },
  );
  return login;
}

async function benchBeside(label, quote, login, soloP99) {
  const mixed = await p99AtRate(quote, 2000, { alongside: (slice) => atRate(login, 40, slice) });
  record(
    `${label} calculate at 2000 req/s + 40 logins/s`,
    {
      ...mixed,
      note: `median p99 of ${LATENCY_ROUNDS} runs (${mixed.p99s.join(', ')} ms); alone earlier: ${soloP99} ms`,
    },
    { text: 'p99 ≤ 25 ms, no errors', check: (f) => f.p99 <= 25 && f.bad === 0 },
  );
}

async function benchProduct(label, product, fastifyUrl, ticketBudget) {
  const url = product.url;
  const catalog = await readCatalog(url);
  if (wants('reads')) await benchReads(label, url, cacheableReads(), TWIN_BUDGET);
  if (wants('small-reads')) await benchReads(label, url, smallReads(catalog), NO_ERRORS_ON_EITHER);
  const calculate = wants('calculate') && (await benchCalculate(label, url, fastifyUrl, catalog));
  if (wants('pages')) await benchPages(label, url, catalog);
  if (wants('tickets')) await benchTickets(label, url, catalog, ticketBudget);
  const login = wants('logins') && (await benchLogins(label, url));
  if (calculate && login) await benchBeside(label, calculate.quote, login, calculate.soloP99);
}

/** Lighthouse (mobile) on home, a pair page, a news item and a ticket page. */
async function benchLighthouse(url) {
  const [body] = await ticketBodies(url, (await readCatalog(url)).currencies, ['0.001']);
  const ticket = await call(url, '/api/v1/Tickets/create', {
    method: 'POST',
    json: { ...body, email: 'bench-lighthouse@obmen.test' },
  });
  const ticketPage = `/ru/ticket/${ticket.id}`;
  const newsPage = `/ru/news/${await newsItemId(url)}`;
  const pages = ['/ru/', '/ru/SBERRUB--BTC', newsPage, ticketPage];
  for (const { page, performance, cls, lcp, tbt, benchmarkIndex } of await lighthouseScores(url, pages)) {
    record(
      `Lighthouse mobile ${page === ticketPage ? '/ru/ticket/{id}' : page}`,
      {
        note: `performance ${performance}, CLS ${cls}, LCP ${lcp} ms, blocking time ${tbt} ms; benchmark index ${benchmarkIndex}`,
      },
      {
        text: 'performance ≥ 97, LCP ≤ 2.0 s, CLS ≤ 0.02, blocking time ≤ 150 ms',
        check: () => performance >= 97 && lcp <= 2000 && cls <= 0.02 && tbt <= 150,
      },
    );
  }
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

if (!buildIsFresh()) {
  console.log('Building the product first…');
  if ((await run(process.execPath, [path.join(root, 'scripts/build.mjs')])) !== 0) process.exit(1);
}

console.log(`Machine: ${machine()}\n`);
if (!only) {
  // The home page's initial JavaScript (scripts/bundle-size.mjs's method: entry, home route, Russian catalog).
  const homeJs = weigh(homeInitialScripts()).reduce((sum, { gzip }) => sum + gzip, 0);
  record(
    'home page initial JavaScript (gzip)',
    { note: `${(homeJs / 1024).toFixed(1)} KB` },
    { text: `≤ ${HOME_JS_BUDGET_BYTES / 1024} KB`, check: () => homeJs <= HOME_JS_BUDGET_BYTES },
  );
}
const fastifyHello = await startFastifyHello();
try {
  const pglite = await startProduct();
  try {
    await benchProduct('PGlite', pglite, fastifyHello.url, {
      text: '≥ 200 req/s, no errors',
      check: (f) => f.rps >= 200 && f.bad === 0,
    });
    if (wants('lighthouse')) await benchLighthouse(pglite.url);
  } finally {
    await pglite.stop();
  }

  if (process.env.TEST_DATABASE_URL && PARTS.some((part) => part !== 'lighthouse' && wants(part))) {
    const database = await freshPostgres(process.env.TEST_DATABASE_URL);
    const postgres = await startProduct({ databaseUrl: database.url });
    try {
      await benchProduct('PostgreSQL', postgres, fastifyHello.url, {
        text: '≥ 400 req/s, no errors',
        check: (f) => f.rps >= 400 && f.bad === 0,
      });
    } finally {
      await postgres.stop();
      await database.drop();
    }
  } else {
    console.log('(set TEST_DATABASE_URL to bench on PostgreSQL too)');
  }
} finally {
  fastifyHello.stop();
}

if (!only) await writeResults();
console.log(
  `\n${missed() ? `${missed()} budget(s) missed` : 'Every budget met'}; ${only ? 'a partial run, RESULTS.md left as it was' : 'the table is in bench/RESULTS.md'}`,
);
process.exit(missed() ? 1 : 0);
