// process-pool.mjs — runs a list of commands a few at a time (one per core by default) and
// gives each one's exit status and output, in the order they were given. The test layers whose
// commands are independent processes (the C tests, the same tests under valgrind, the fuzzers)
// use it so that two cores run two of them at once.

import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * @param {{ command: string, args?: string[] }[]} jobs
 * @param {{ concurrency?: number, onDone?: (job, result, index) => void }} [options]
 *   onDone is called as each job ends (in the order they end), e.g. to print a line.
 * @returns {Promise<{ status: number, stdout: string, stderr: string }[]>} one per job, in order
 */
export async function runPool(jobs, { concurrency = availableParallelism(), onDone } = {}) {
  const results = new Array(jobs.length);
  let next = 0;
  async function lane() {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      results[index] = await runOne(job.command, job.args ?? []);
      onDone?.(job, results[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, lane));
  return results;
}

/** One command to its end: its status (1 when it could not start or was killed) and output. */
function runOne(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk) => { stderr += chunk; });
    child.on('error', (error) => { stderr += String(error); });
    child.on('close', (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}
