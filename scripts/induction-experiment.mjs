// induction-experiment.mjs — a search for the induction preset's recipe: trains one configuration
// (JSON on the command line, merged over the defaults below) on text with repeats and prints, every
// `every` steps, the validation loss, the best head's induction score beside its chance level and
// the in-context learning score, with tokens/s. One thread, the WASM core, in node.
//   node scripts/induction-experiment.mjs '{"dModel":32,"heads":2,"steps":1500}'
// With "total": n the cosine schedule runs over n steps (the core's default: 2,000), through the
// test build's attn_model_set_training (`make -C c test-wasm`).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAttn } from '../web/lib/attn.js';
import { inContextScore } from '../web/lib/model/in-context.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const o = { layers: 2, heads: 4, dModel: 64, context: 32, batch: 8, lr: 3e-3, seed: 1, shortest: 4, longest: 16, letters: 26, step: 26, length: 200_000, steps: 1500, every: 50, windows: 64, ...JSON.parse(process.argv[2] ?? '{}') };
// `total` (steps of the cosine schedule, the core's default 2,000) needs the test build's attn_model_set_training.
const attn = await loadAttn({ wasmBytes: readFileSync(o.total ? `${root}build/wasm/attn-test.wasm` : `${root}web/generated/attn.wasm`) });
const { text } = attn.repeatsCorpus({ length: o.length, shortest: o.shortest, longest: o.longest, letters: o.letters, step: o.step, seed: o.seed });
const model = attn.createModel({ text, layers: o.layers, heads: o.heads, dModel: o.dModel, context: o.context, batch: o.batch, lr: o.lr, seed: o.seed });
if (o.total) model.heap.call('schedule', 'attn_model_set_training', model.heap.pointer, o.lr, o.lr / 10, 20, o.total, 0.1, 1.0);
let trainSeconds = 0;
console.log(JSON.stringify(o));
for (let done = 0; done <= o.steps; done += o.every) {
  if (done > 0) trainSeconds += model.train(o.every).seconds;
  const stats = model.headStats({ windows: o.windows, seed: 1, similarity: false });
  // A layer-0 head sees no earlier token's neighbour: a high induction score there is a fixed
  // offset that matches the measurement's repeat distance, so the best head is sought after layer 0.
  const best = stats.records.filter((r) => r.layer > 0).reduce((a, r) => (r.induction.mean > a.induction.mean ? r : a));
  const first = stats.records.filter((r) => r.layer === 0).reduce((a, r) => (r.induction.mean > a.induction.mean ? r : a));
  const prev = stats.records.reduce((a, r) => (r.previous.mean > a.previous.mean ? r : a));
  const icl = inContextScore(model.positionLoss());
  console.log(`step ${String(done).padStart(5)} t=${trainSeconds.toFixed(1)}s val ${model.evaluate().toFixed(3)} induction L${best.layer}H${best.head} ${best.induction.mean.toFixed(3)} (chance ${best.induction.chance.toFixed(3)}) (layer 0: ${first.induction.mean.toFixed(2)}) prev L${prev.layer}H${prev.head} ${prev.previous.mean.toFixed(2)} icl ${icl.score.toFixed(3)} (${icl.early.toFixed(2)}→${icl.late.toFixed(2)})`);
}
console.log(`${(o.steps * o.batch * o.context / trainSeconds).toFixed(0)} tokens/s training`);
