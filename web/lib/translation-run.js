// translation-run.js — one run of the translation experiment for one encoder–decoder: train
// with the defaults (api/seq2seq.js) and measure, at step 0 and every `evalEvery` steps, the
// held-out accuracy by source length, the alignment score beside its chance, the mean training
// loss since the last measurement, the seconds spent training, and (attention only) the
// cross-attention map of one held-out sentence. The same record serves the script that ships
// the recorded run (scripts/seq2seq-experiment.mjs) and, later, the page's workers.
//
//   const record = runTranslation(attn, { kind: 'bottleneck', evalEvery: 150, onProgress });

import { SEQ2SEQ_DEFAULTS } from './api/seq2seq.js';

/** The held-out sentence whose map the record keeps: its words and true alignment. */
export const MAP_SENTENCE = Object.freeze({ split: 'heldOut', index: 0, minLength: 16, maxLength: 16 });

const fourDigits = (x) => Number(x.toFixed(4));

/**
 * Trains one model of `kind` with `options` (SEQ2SEQ_DEFAULTS unless given) and returns
 * { kind, config, checkpoints: [{ step, seconds, loss, accuracy, alignment, chance, map }],
 *   lengths, sentence }. `onProgress(checkpoint, { lengths, sentence })` after each measurement
 * (the bins' ranges and the mapped sentence, so a page can draw a run before it ends).
 */
export function runTranslation(attn, { kind, evalEvery = 150, bins = 6, sentencesPerBin = 48, onProgress, ...options }) {
  const config = { ...SEQ2SEQ_DEFAULTS, ...options };
  const model = attn.createSeq2seq({ kind, ...config });
  const sentence = attn.translationSentence({ seed: config.seed, ...MAP_SENTENCE });
  const mapped = { sourceWords: sentence.sourceWords, targetWords: sentence.targetWords, alignment: Array.from(sentence.alignment) };
  try {
    const checkpoints = [];
    let seconds = 0, lengths = null;
    const measure = (step, loss) => {
      const scores = model.evaluate({ bins, sentencesPerBin });
      lengths = scores.lengths;
      const map = kind === 'attention' ? Array.from(model.translate(sentence).weights, fourDigits) : null;
      const checkpoint = {
        step, seconds: Number(seconds.toFixed(2)), loss: loss === null ? null : fourDigits(loss),
        accuracy: Array.from(scores.accuracy, fourDigits),
        alignment: scores.alignment ? Array.from(scores.alignment, fourDigits) : null,
        chance: Array.from(scores.chance, fourDigits), map,
      };
      checkpoints.push(checkpoint);
      onProgress?.(checkpoint, { lengths, sentence: mapped });
    };
    measure(0, null);
    for (let done = 0; done < config.steps; done += evalEvery) {
      const steps = Math.min(evalEvery, config.steps - done);
      const started = performance.now();
      const losses = model.train(steps);
      seconds += (performance.now() - started) / 1000;
      measure(done + steps, losses.reduce((a, b) => a + b, 0) / steps);
    }
    const { paramCount } = model.info();
    return {
      kind, config, paramCount, lengths, checkpoints,
      sentence: mapped,
    };
  } finally {
    model.dispose();
  }
}
