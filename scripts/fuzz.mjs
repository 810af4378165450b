// fuzz.mjs — runs every libFuzzer target (build/fuzz/fuzz_*) for a given time each, one per core at a time, starting
// from its saved corpus and the committed regression inputs (tests/fuzz/regressions/, every
// past finding), plus a target's own seed inputs when it has them (tests/fuzz/seeds/<target>/,
// e.g. slices of the shipped weights file for fuzz_weights). `npm run fuzz [seconds]` (default 60 per target); `npm test` runs each briefly.
// A crash leaves its input in build/fuzz/ and fails the run; copy it into tests/fuzz/regressions/
// once fixed, so it is replayed from then on.

import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runPool } from './lib/process-pool.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Runs each target for `seconds`, one per core at a time; resolves to [{ name, ok, summary }]. */
export async function runFuzzers(seconds, { quiet = false } = {}) {
  const dir = `${root}build/fuzz`;
  const targets = existsSync(dir) ? readdirSync(dir).filter((name) => /^fuzz_\w+$/.test(name)).sort() : [];
  const jobs = targets.map((name) => {
    const corpus = `${dir}/corpus/${name}`;
    mkdirSync(corpus, { recursive: true });
    const seeds = `${root}tests/fuzz/seeds/${name}`;
    return {
      name,
      command: `${dir}/${name}`,
      args: [
        `-max_total_time=${seconds}`, '-print_final_stats=0', `-artifact_prefix=${dir}/${name}-`,
        corpus, `${root}tests/fuzz/regressions`, ...(existsSync(seeds) ? [seeds] : []),
      ],
    };
  });
  const summarise = (job, result) => {
    const output = `${result.stdout}${result.stderr}`;
    const runs = output.match(/Done (\d+) runs in (\d+) second/);
    const ok = result.status === 0;
    const summary = ok ? `${runs ? `${runs[1]} runs in ${runs[2]} s` : 'ran'}, no finding`
      : `FINDING (exit ${result.status}):\n${output.split('\n').filter((l) => /ERROR|SUMMARY|accepted|unknown status|Test unit written/.test(l)).join('\n')}`;
    return { name: job.name, ok, summary };
  };
  const results = await runPool(jobs, {
    onDone(job, result) {
      const { ok, summary } = summarise(job, result);
      if (!quiet || !ok) console.log(`${ok ? 'ok  ' : 'FAIL'} ${job.name}: ${summary}`);
    },
  });
  return results.map((result, i) => summarise(jobs[i], result));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 60);
  const results = await runFuzzers(seconds);
  if (results.length === 0) console.log('No fuzz targets built: run bash build.sh --test first.');
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed || results.length === 0 ? 1 : 0);
}
