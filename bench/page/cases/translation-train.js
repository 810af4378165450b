// translation-train.js — <attn-translation>'s Train with its defaults (1,500 steps of each
// encoder–decoder of the translation experiment, a measurement every 150), the widget's way: one
// translation worker per model (web/widgets/translation/translation-runs.js), both at once, timed
// by the wall clock from the requests to the second record. Beside it, the peer measured in the
// same run: the same two runs one after the other in one worker, what a single core takes; the
// ratio is that time over the side-by-side one (2 at best on two free cores). The section says
// Train ends within two minutes on a two-core laptop. Long (minutes): it runs only when asked for,
// `npm run bench -- --long` or `?only=translation-train`.

import { TranslationRuns, TRAIN_STEPS, TRAIN_EVAL_EVERY } from '../../../web/widgets/translation/translation-runs.js';

export const name = 'translation-train';
export const long = true;

const KINDS = ['bottleneck', 'attention'];

export async function run({ report, progress }) {
  const settings = { steps: TRAIN_STEPS.fallback, evalEvery: TRAIN_EVAL_EVERY.fallback, seed: 1 };
  const runs = KINDS.map((kind) => new TranslationRuns(kind));
  try {
    progress(`Train with the defaults: both models side by side, ${settings.steps.toLocaleString('en')} steps each…`);
    let start = performance.now();
    const records = await Promise.all(runs.map((r) => r.run(settings)));
    const sideBySide = (performance.now() - start) / 1000;
    progress('the same two runs one after the other, in one worker…');
    start = performance.now();
    for (const kind of KINDS) await runs[0].run({ ...settings, kind });
    const oneAfterOther = (performance.now() - start) / 1000;
    const last = (record) => record.checkpoints.at(-1).accuracy;
    report({ name: `<attn-translation> Train with its defaults (both models, ${settings.steps.toLocaleString('en')} steps each, two workers side by side)`,
      ours: sideBySide, peer: oneAfterOther, peerName: 'the same two runs one after the other in one worker', ratio: oneAfterOther / sideBySide, unit: 's (wall time; ratio one-after-other/ours)' });
    report({ name: `<attn-translation> Train: (a) accuracy at lengths 34–40, (b) beside it`, ours: last(records[0]).at(-1), peer: last(records[1]).at(-1), peerName: '(b) attention', ratio: null, unit: 'share of target words right' });
  } finally {
    for (const r of runs) r.dispose();
  }
}
