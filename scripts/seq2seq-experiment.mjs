// seq2seq-experiment.mjs — `node scripts/seq2seq-experiment.mjs`: the recorded run of the
// translation experiment that the page shows before anyone trains. Trains the bottleneck and
// the attention encoder–decoder with the same defaults (web/lib/api/seq2seq.js), one after the
// other on one core, with the page's own core (web/generated/attn.wasm) in node, and measures
// what web/lib/translation-run.js measures; then the time of one training step of each against
// source length, with the sequential steps each takes. Writes
//   web/models/translation-run.json   both runs, the timings, and the machine's time of day
// and prints a summary (docs/alignment-core.md records one). `--quick` trains 60 steps only
// (for a smoke test; it writes nothing unless --out names a file).

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAttn } from '../web/lib/attn.js';
import { SEQ2SEQ_DEFAULTS } from '../web/lib/api/seq2seq.js';
import { runTranslation } from '../web/lib/translation-run.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : quick ? null : `${root}web/models/translation-run.json`;

const attn = await loadAttn({ wasmBytes: readFileSync(`${root}web/generated/attn.wasm`) });
const steps = quick ? 60 : SEQ2SEQ_DEFAULTS.steps, evalEvery = quick ? 30 : 150;

const runs = {};
for (const kind of ['bottleneck', 'attention']) {
  runs[kind] = runTranslation(attn, {
    kind, steps, evalEvery,
    onProgress: (c) => console.log(`${kind} step ${c.step}: loss ${c.loss ?? '—'}, ${c.seconds} s, accuracy by length ${c.accuracy.join(' ')}` +
      (c.alignment ? `, alignment ${c.alignment.join(' ')} (chance ${c.chance.join(' ')})` : '')),
  });
}

/** Seconds per training step at one source length, both kinds, after a warm-up. */
function stepTimes(length, repeats) {
  const row = { length, sequentialSteps: 2 * length };
  for (const kind of ['bottleneck', 'attention']) {
    const model = attn.createSeq2seq({ kind, ...SEQ2SEQ_DEFAULTS, minLength: length, maxLength: length });
    try {
      model.train(3);
      const started = performance.now();
      model.train(repeats);
      row[kind] = Number(((performance.now() - started) / 1000 / repeats).toFixed(5));
    } finally {
      model.dispose();
    }
  }
  return row;
}
const timing = (quick ? [5, 40] : [5, 10, 20, 30, 40]).map((length) => stepTimes(length, quick ? 3 : 20));
for (const row of timing) console.log(`length ${row.length}: ${row.sequentialSteps} sequential GRU steps; s/step bottleneck ${row.bottleneck}, attention ${row.attention}`);

const record = {
  what: 'The translation experiment: a GRU encoder–decoder that sees the source only through the encoder\'s final state (bottleneck) against the same with dot-product attention over every encoder state (attention); same widths, data, seed and steps.',
  made: 'node scripts/seq2seq-experiment.mjs (the page\'s core as WebAssembly, one thread)',
  accuracy: 'the share of held-out target words predicted right, teacher-forced, per bin of source length',
  alignment: 'the mean cross-attention weight on each target word\'s true source word; chance is the mean of 1/source length',
  runs,
  timing: { note: 'seconds per training step (batch of the default size) at one source length; sequential steps: the encoder\'s S and the decoder\'s T = S GRU steps, for both kinds', rows: timing },
};
if (out) {
  writeFileSync(out, `${JSON.stringify(record)}\n`);
  console.log(`wrote ${out}`);
}
