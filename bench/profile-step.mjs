// profile-step.mjs — `npm run profile`: where one training step's time goes, by kernel, on one
// thread and on two. It trains the lab's model in node on the page's own cores built with their
// function names (`make -C c profile`: build/profile/attn.wasm and attn-mt.wasm, the threaded one
// with its helper in a worker thread, as the page runs it in a Worker), samples the main thread
// with V8's profiler over `steps` steps after a warm-up, and prints each group of functions'
// share of the time and milliseconds per step. On two threads, "waiting for the other thread" is
// the caller's time in the fork-join (parallel.c) between its own last block and the helper's
// (the blocks it runs for the helper's half of the batch meanwhile count as what they are).
//
//   node bench/profile-step.mjs [preset] [steps]      nanogpt and 20 by default
//   PROFILE_TOP=20 node bench/profile-step.mjs        also the 20 busiest functions by name
//   PROFILE_CORES=dir node bench/profile-step.mjs     cores from dir/attn.wasm and dir/attn-mt.wasm
//                                                     (another checkout's build/profile: before and after)

import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { loadAttn } from '../web/lib/attn.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const [preset = 'nanogpt', stepsText = '20'] = process.argv.slice(2);
const steps = Number(stepsText);

/** Groups of the core's functions (names as --profiling-funcs keeps them), first match wins. */
const GROUPS = [
  ['matrix products (micro-kernel)', /^(gemm_rows|full_tiles|micro_kernel|attn__gemm_serial)$/],
  ['packing operands', /^pack_/],
  ['waiting for the other thread', /^attn__parallel_(run|ranges)$|^claim(_blocks)?$|^range_block$|^assist$|^run_nested$/],
  ['attention: causal softmax and head loops', /^(weights_head|attend_head|attn__ops_softmax_row|causal_weights|attend)/],
  ['gradient zeroing', /^(zero_range|memset)$/],
  ['GELU', /^gelu/],
  ['layer norm', /^layernorm/],
  ['bias and embedding sums', /^(rows_into_columns|accumulate_|embedding)/],
  ['residual adds, scaling', /^(add_range|scale_range)$/],
  ['softmax and cross-entropy', /^(softmax|cross_entropy)/],
  ['blending the two halves\' gradients', /^blend_range$/],
  ['AdamW and clipping', /^(adamw|attn_model_update|clip|attn_adamw|attn_clip)/],
  ['copies', /^__memcpy$|memcpy/],
];
const groupOf = (name) => GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'everything else (JS, set-up, the tape)';

/** The threaded core, its helper in a worker thread running attn_worker_loop on the same memory. */
const HELPER = `
  const { parentPort } = require('node:worker_threads');
  parentPort.once('message', ({ module, memory, stackTop }) => {
    const { exports } = new WebAssembly.Instance(module, { env: { memory, emscripten_notify_memory_growth() {} } });
    exports.stackRestore(stackTop);
    parentPort.postMessage({ ready: true });
    exports.attn_worker_loop();
  });`;

function loadCore(threads) {
  const file = `${process.env.PROFILE_CORES ?? `${root}build/profile`}/${threads === 2 ? 'attn-mt' : 'attn'}.wasm`;
  return loadAttn({
    wasmBytes: readFileSync(file),
    threads,
    startHelper: (module, memory, stackTop) => new Promise((resolve, reject) => {
      const worker = new Worker(HELPER, { eval: true });
      worker.unref();
      worker.once('message', (message) => (message.ready ? resolve(worker) : reject(new Error('the helper did not start'))));
      worker.once('error', reject);
      worker.postMessage({ module, memory, stackTop });
    }),
  });
}

/** Self time (µs) by function name over the samples of a V8 CPU profile. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map();
  profile.samples.forEach((id, i) => {
    const name = byId.get(id).callFrame.functionName || '(anonymous)';
    times.set(name, (times.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return times;
}

async function profileSteps(threads) {
  const attn = await loadCore(threads);
  if (attn.threads !== threads) throw new Error(`the core runs ${attn.threads} thread(s), not ${threads}`);
  const model = attn.createModel({ preset });
  model.train(3); // warm-up: V8 tiers the hot functions up
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const result = model.train(steps);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  model.dispose();
  if (threads === 2) await attn.core.stopHelper();
  return { tokensPerSecond: result.tokensPerSecond, msPerStep: (1000 * result.seconds) / steps, times: selfTimes(profile) };
}

const runs = [];
for (const threads of [1, 2]) runs.push({ threads, ...(await profileSteps(threads)) });

const share = (run, group) => {
  let total = 0, inGroup = 0;
  for (const [name, time] of run.times) {
    total += time;
    if (groupOf(name) === group) inGroup += time;
  }
  return inGroup / total;
};
const groups = [...GROUPS.map(([name]) => name), 'everything else (JS, set-up, the tape)'];
console.log(`Training step, ${preset} preset, ${steps} steps after 3 of warm-up (node ${process.version}, V8's sampling profiler on the calling thread)`);
for (const run of runs) console.log(`  ${run.threads} thread(s): ${Math.round(run.tokensPerSecond).toLocaleString('en')} tokens/s, ${run.msPerStep.toFixed(1)} ms a step`);
console.log(`${'group'.padEnd(44)} ${runs.map((r) => `${r.threads} thread: share   ms/step`.padStart(26)).join('')}`);
for (const group of groups) {
  const cells = runs.map((run) => {
    const s = share(run, group);
    return `${(100 * s).toFixed(1).padStart(12)}%  ${(s * run.msPerStep).toFixed(2).padStart(9)}`;
  });
  console.log(`${group.padEnd(44)} ${cells.map((c) => c.padStart(26)).join('')}`);
}
const top = Number(process.env.PROFILE_TOP ?? 0);
if (top > 0) {
  for (const run of runs) {
    const total = [...run.times.values()].reduce((a, b) => a + b, 0);
    console.log(`\nThe ${top} busiest functions, ${run.threads} thread(s):`);
    for (const [name, time] of [...run.times].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(100 * time / total).toFixed(1).padStart(6)}%  ${name}  (${groupOf(name)})`);
  }
}
process.exit(0);
