// Each line as it is measured (PASS/FAIL against its budget), and the table in bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { LATENCY_ROUNDS, LATENCY_S, quick, ROUNDS, SLICE_S } from './measure.mjs';
import { root } from './processes.mjs';

const rows = [];

const WHY_RED = path.join(root, 'bench/why-red.md');

/** How many lines missed their budget so far. */
export const missed = () => rows.filter((row) => row.verdict === 'FAIL').length;

/**
 * One line: its figures (`rps`, `p50`, `p99`, `ratio` with `against`, `note`), printed and kept for
 * the table; with a budget (`text`, `check`) it passes or fails.
 */
export function record(name, figures, budget) {
  const pass = budget ? budget.check(figures) : null;
  const verdict = pass === null ? '' : pass ? 'PASS' : 'FAIL';
  rows.push({ name, ...figures, budget: budget?.text ?? '', verdict });
  const parts = [
    figures.rps !== undefined && `${Math.round(figures.rps)} req/s`,
    figures.p50 !== undefined && `p50 ${figures.p50} ms`,
    figures.p99 !== undefined && `p99 ${figures.p99} ms`,
    figures.ratio !== undefined && `${figures.ratio.toFixed(2)} × ${figures.against}`,
    figures.note,
    budget && `[budget: ${budget.text}]`,
  ].filter(Boolean);
  console.log(`${(verdict || '    ').padEnd(5)} ${name.padEnd(46)} ${parts.join('  ')}`);
}

export function machine() {
  const cpus = os.cpus();
  let postgres = '';
  try {
    postgres = execFileSync('psql', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    // No client: the PostgreSQL rows say so themselves.
  }
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}${postgres ? `, ${postgres}` : ''}`;
}

/** The table as the repository's formatter keeps it, so a bench run leaves `npm test` clean. */
export async function writeResults() {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cell = (v, digits = 0) => (v === undefined ? '' : typeof v === 'number' ? v.toFixed(digits) : String(v));
  const lines = [
    '# Bench results',
    '',
    `Written by \`npm run bench\`${quick ? ' (--quick)' : ''} on ${date} UTC, against the budgets of issues 32 and 43.`,
    '',
    `Machine: ${machine()}. Load generators (autocannon, and bench/lib/paced.mjs for the fixed-rate lines) and servers share it.`,
    '',
    `Each ratio is the median of ${ROUNDS} rounds that alternate the call and its yardstick (${SLICE_S} s each, after a warm-up), taken within each round; each fixed-rate line is the median p99 of ${LATENCY_ROUNDS} runs of ${LATENCY_S} s, its requests evenly spaced and timed from when each was due. Every request of a line differs from the one before it (pairs, amounts, users).`,
    '',
    '| what | req/s | p50 ms | p99 ms | ratio | notes | budget | |',
    '| --- | ---: | ---: | ---: | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${cell(r.rps)} | ${cell(r.p50)} | ${cell(r.p99)} | ${r.ratio === undefined ? '' : `${r.ratio.toFixed(2)} × ${r.against}`} | ${r.note ?? ''} | ${r.budget} | ${r.verdict} |`,
    ),
    '',
    // Why a line stays red, in words kept by hand beside the bench (issue 43: "a line that can only
    // be met by a second path, a bypass of the framework or another runtime stays red, with the
    // reason in RESULTS.md"), so every run's table carries them.
    ...(existsSync(WHY_RED) ? [readFileSync(WHY_RED, 'utf8').trim(), ''] : []),
  ];
  const file = path.join(root, 'bench/RESULTS.md');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(lines.join('\n'), { ...options, filepath: file }));
}
