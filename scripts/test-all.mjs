// test-all.mjs — runs every test layer and ends with one line "N passed, N failed" over all of
// them; exits nonzero when anything failed. `npm test` builds first (build.sh --test).
//   node scripts/test-all.mjs            all layers
//   node scripts/test-all.mjs c wasm     only these layers (c, memcheck, fuzz, wasm, package, e2e)

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runFuzzers } from './fuzz.mjs';
import { runPool } from './lib/process-pool.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
process.chdir(root);

/** Runs a command with output shown live; returns its exit status. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command, shows its output, and returns the output too. */
function runCapturing(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  return { status: result.status ?? 1, output: `${result.stdout}\n${result.stderr}` };
}

/** Test files of a node layer run side by side, one per core (node's default is one fewer). */
const NODE_CONCURRENCY = Math.max(2, availableParallelism());

/** The tests of one folder under node's own test runner, counted from its totals. */
function nodeTests(folder) {
  const { status, output } = runCapturing(process.execPath, ['--test', `--test-concurrency=${NODE_CONCURRENCY}`, '--test-reporter=spec', folder]);
  const count = (word) => Number(output.match(new RegExp(`^\\S*\\s*${word} (\\d+)$`, 'm'))?.[1] ?? NaN);
  const passed = count('pass'), failed = count('fail');
  if (Number.isNaN(passed) || Number.isNaN(failed)) return { passed: 0, failed: 1, note: `node --test printed no totals (exit ${status})` };
  return { passed, failed: failed + (status !== 0 && failed === 0 ? 1 : 0) };
}

const LAYERS = {
  /** Native unit tests of the C core under ASan + UBSan: each binary ends "N passed, N failed";
   *  one binary per core at a time. */
  async c() {
    const dir = 'build/native';
    const binaries = existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('test_')).sort() : [];
    if (binaries.length === 0) return { passed: 0, failed: 1, note: 'no C test binaries: run bash build.sh --test' };
    let passed = 0, failed = 0;
    await runPool(binaries.map((binary) => ({ binary, command: `${dir}/${binary}` })), {
      onDone({ binary }, { status, stdout, stderr }) {
        process.stdout.write(stdout);
        process.stderr.write(stderr);
        const match = [...`${stdout}\n${stderr}`.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
        if (!match) { failed += 1; console.log(`FAIL ${binary} crashed or printed no summary (exit ${status})`); return; }
        passed += Number(match[1]);
        failed += Number(match[2]) + (status !== 0 && Number(match[2]) === 0 ? 1 : 0);
      },
    });
    return { passed, failed };
  },

  /** The C unit tests again, built without sanitizers, under valgrind memcheck: one test per
   *  binary, failed on any memory error or leak; one binary per core at a time. */
  async memcheck() {
    const dir = 'build/memcheck';
    const binaries = existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('test_')).sort() : [];
    if (binaries.length === 0) return { passed: 0, failed: 1, note: 'no memcheck binaries: run bash build.sh --test' };
    let passed = 0, failed = 0;
    const valgrind = ['-q', '--error-exitcode=99', '--leak-check=full', '--errors-for-leak-kinds=definite,indirect'];
    await runPool(binaries.map((binary) => ({ binary, command: 'valgrind', args: [...valgrind, `${dir}/${binary}`] })), {
      onDone({ binary }, { status, stderr }) {
        const ok = status === 0;
        console.log(`${ok ? 'ok  ' : 'FAIL'} memcheck: ${binary}${ok ? '' : ` (exit ${status})\n${stderr}`}`);
        if (ok) passed += 1; else failed += 1;
      },
    });
    return { passed, failed };
  },

  /** Every libFuzzer target, briefly (FUZZ_SECONDS each, default 5), replaying past findings. */
  async fuzz() {
    const results = await runFuzzers(Number(process.env.FUZZ_SECONDS ?? 5));
    if (results.length === 0) return { passed: 0, failed: 1, note: 'no fuzz targets: run bash build.sh --test' };
    const failed = results.filter((r) => !r.ok).length;
    return { passed: results.length - failed, failed };
  },

  /** The compiled WASM core in node (node's own test runner). */
  wasm() {
    return nodeTests('tests/wasm/');
  },

  /** The package as an author gets it (tests/package/, node's own test runner): npm pack, an
   *  offline install and import, the types under tsc, the manifest and the README's tables. */
  package() {
    return nodeTests('tests/package/');
  },

  /** Playwright specs in Chromium against the built page. */
  e2e() {
    const report = 'test-results/e2e.json';
    rmSync(report, { force: true });
    const status = run('npx', ['playwright', 'test']);
    if (!existsSync(report)) return { passed: 0, failed: 1, note: `Playwright wrote no report (exit ${status})` };
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    const failed = stats.unexpected + stats.flaky;
    return { passed: stats.expected, failed: failed + (status !== 0 && failed === 0 ? 1 : 0) };
  },
};

/** Seconds as m:ss. */
function clock(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const suiteBegan = performance.now();
const chosen = process.argv.slice(2);
const names = chosen.length ? chosen : Object.keys(LAYERS);
let passed = 0, failed = 0;
const lines = [];
for (const name of names) {
  if (!LAYERS[name]) {
    console.error(`Unknown test layer "${name}". Layers: ${Object.keys(LAYERS).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== ${name} tests ===`);
  const began = performance.now();
  const result = await LAYERS[name]();
  const seconds = (performance.now() - began) / 1000;
  passed += result.passed;
  failed += result.failed;
  lines.push(`  ${name.padEnd(8)} ${clock(seconds).padStart(6)}  ${result.passed} passed, ${result.failed} failed${result.note ? ` (${result.note})` : ''}`);
}
const total = (performance.now() - suiteBegan) / 1000;
lines.push(`  ${'all'.padEnd(8)} ${clock(total).padStart(6)}  (wall time of each layer, then of the run; the build before it is not counted)`);
console.log(`\n=== summary ===\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
