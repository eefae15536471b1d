// `npm test`: the whole suite in three lanes (below): lint and format, type-check, the web build
// and the browser end-to-end tests; the unit tests and the server tests on the PostgreSQL server;
// the server tests on PGlite. A required service or browser that is missing fails the run with a
// line saying what is missing.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'rs-test-reports-'));
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedTests = [];
/** Each step's wall-clock time, printed at the end: where a CI run's minutes go. */
const durations = [];
const only = process.argv.slice(2);

/**
 * Runs one step; `partOf` names the step that `npm test -- <step>` selects it by. A step that runs
 * `beside` others writes its output to a file as it goes (named at its start, for a run stopped
 * midway) and prints it whole when it ends, so the log reads step by step.
 */
async function run(step, command, args, { env = {}, partOf = step, beside = false } = {}) {
  if (only.length && !only.includes(partOf)) return;
  const log = beside ? path.join(reports, `${step.replace(/\W+/g, '-')}.log`) : undefined;
  console.log(`\n▶ ${step}: ${command} ${args.join(' ')}${log ? ` (beside other steps: output in ${log} until it ends)` : ''}`);
  const started = Date.now();
  const file = log ? openSync(log, 'a') : undefined;
  const child = spawn(command, args, {
    cwd: root,
    stdio: log ? ['ignore', file, file] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (file !== undefined) closeSync(file);
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const seconds = Math.round((Date.now() - started) / 1000);
  if (log) {
    console.log(`\n▼ ${step} (${seconds} s):`);
    process.stdout.write(readFileSync(log));
  }
  durations.push(`${step} ${seconds} s`);
  // Later steps still run, so one CI run shows every failing step, not just the first.
  if (status !== 0) failedSteps.push(`${step} (exit ${status})`);
}

function printDurations() {
  if (durations.length) console.log(`\nsteps: ${durations.join(', ')}`);
}

function fail(message) {
  printDurations();
  // The names last, so that the tail of a CI log says which tests failed.
  if (failedTests.length) console.error(`\nfailed tests:\n${failedTests.map((t) => `  ✖ ${t}`).join('\n')}`);
  console.error(`\n✖ ${message}`);
  console.log(`tests: ${totals.passed} passed, ${Math.max(1, totals.failed)} failed`);
  process.exit(1);
}

function countVitest(step, reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const name = `${step}: ${path.relative(root, file.name)}`;
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failedTests.push(`${name} › ${test.fullName}`);
    }
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failedTests.push(`${name}: ${(file.message ?? '').split('\n')[0]}`);
    }
  }
}

/** Playwright's tests for which `keep` holds, from its JSON report's nested suites. */
function specs(suites, keep, file = '') {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter(keep).map((spec) => `e2e: ${suite.file ?? file} › ${spec.title}`),
    ...specs(suite.suites ?? [], keep, suite.file ?? file),
  ]);
}

/**
 * Vitest gives a 2-CPU machine one worker; `workers` runs more files at once. Each server pass
 * keeps one: the passes run beside the other lanes instead (README, "Testing").
 */
async function vitest(step, projects, { env, workers, beside } = {}) {
  const out = path.join(reports, `${step}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...(workers ? [`--maxWorkers=${workers}`] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const unhandled = path.join(reports, `${step}.unhandled.txt`);
  await run(step, 'npx', args, { env: { ...env, RS_UNHANDLED_ERRORS_FILE: unhandled }, beside });
  if (existsSync(out)) countVitest(step, out);
  // An error thrown outside any test fails the step without failing a test: name it too.
  if (existsSync(unhandled)) {
    const lines = readFileSync(unhandled, 'utf8').split('\n').filter(Boolean);
    failedTests.push(...lines.map((line) => `${step}: unhandled error in ${line}`));
  }
}

async function requirePostgres() {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    fail(`PostgreSQL is required for the server tests at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL): ${error.message}`);
  }
}

function requireBinary(file, what) {
  if (!existsSync(file)) fail(`${what} is required at ${file} and is missing (.ci/run installs it with apt-get)`);
}

const wanted = (step) => !only.length || only.includes(step);

async function browserTests(beside) {
  const out = path.join(reports, 'e2e.json');
  await run('e2e', 'npx', ['playwright', 'test'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out }, beside });
  if (!wanted('e2e') || !existsSync(out)) return;
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const stats = report.stats;
  failedTests.push(...specs(report.suites ?? [], (spec) => !spec.ok));
  const flaky = specs(report.suites ?? [], (spec) => spec.tests?.some((t) => t.status === 'flaky'));
  if (flaky.length) console.log(`\nflaky tests (passed only on their retry):\n${flaky.map((t) => `  ⚠ ${t}`).join('\n')}`);
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

// What the later steps need is checked first, so a missing service fails the run at once.
if (wanted('server-postgres')) await requirePostgres();
if (wanted('e2e')) {
  requireBinary(CHROMIUM, 'Chromium (Debian package chromium)');
  requireBinary(process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto', 'Mosquitto (Debian package mosquitto)');
}
const runStarted = Date.now();
/**
 * Runs lanes at the same time, each given as the steps it selects by and how it starts; when more
 * than one lane has a selected step, their steps print their output as they end.
 */
const together = (...lanes) => {
  const beside = lanes.filter(([steps]) => steps.some(wanted)).length > 1;
  return Promise.all(lanes.map(([, start]) => start(beside)));
};
// Three lanes on the machine's two CPUs (README, "Testing"): none of them keeps a CPU busy for long
// (the browser tests wait on the console, each server pass on its database), so they fill each
// other's gaps. Lint, types and the web build, then the browser tests; the unit tests (two
// workers), then the PostgreSQL pass, which takes the files that run in one pass only
// (`*.once.test.ts`, the supervisor's processes among them); the PGlite pass from the start.
const onceFilesIn = wanted('server-postgres') ? 'postgres' : 'pglite';
await together(
  [
    ['lint', 'typecheck', 'e2e'],
    async (beside) => {
      await run('lint', 'npx', ['biome', 'check', '.'], { beside });
      await run('typecheck', 'npm', ['run', 'typecheck'], { beside });
      await run('web build', 'node', ['scripts/web-build.mjs'], { partOf: 'e2e', beside });
      await browserTests(beside);
    },
  ],
  [
    ['unit', 'server-postgres'],
    async (beside) => {
      await vitest('unit', ['protocol', 'web', 'web-logic', 'robot-sim'], { workers: 2, beside });
      await vitest('server-postgres', ['server'], { env: { TEST_DATABASE_URL, RS_ONCE_FILES_IN: onceFilesIn }, beside });
    },
  ],
  [
    ['server-pglite'],
    (beside) => vitest('server-pglite', ['server'], { env: { TEST_DATABASE_URL: '', RS_ONCE_FILES_IN: onceFilesIn }, beside }),
  ],
);

durations.push(`whole run ${Math.round((Date.now() - runStarted) / 1000)} s`);

if (failedSteps.length) fail(`failed steps: ${failedSteps.join(', ')}`);
if (totals.skipped > 0 && process.env.CI) fail(`${totals.skipped} tests were skipped; nothing may skip in CI`);
printDurations();
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
