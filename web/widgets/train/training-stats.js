// training-stats.js — the numbers under <attn-train>'s Start and Pause buttons: the model's shape
// and size, its step, the training and validation losses, the unigram baseline and the corpus
// floor, and the speed (tokens per second, on how many threads or workers, and steps per second).
// The training loss is the mean of the last WINDOW steps of the loss curve (loss-curve.js latest(),
// the figure <attn-editor>'s readout shows too); a model loaded with its recorded curve has one at once.
// The list itself is train-panels.js's (buildTrainingPanel's `stats`).
//
//   const stats = new TrainingStats(panel.stats);
//   stats.waiting(config);  stats.adopted(info);  stats.progress(event);  stats.training(loss);  stats.validation(loss);

import { counted, fixed } from '../../ui/format.js';

const shape = ({ layers, heads, dModel, context, batch }) =>
  `${counted(layers, 'layer')}, ${counted(heads, 'head')}, d_model ${dModel}, context ${context}, batch ${batch}`;

export class TrainingStats {
  constructor(stats) {
    this.stats = stats; // { model, step, train, val, unigram, floor, tokens, steps }: <dd> elements
  }

  /** Before the lab starts: the shape of the model it loads then, with “…” for what it will know. */
  waiting(config) {
    this.stats.model.textContent = `${shape(config)}; … parameters, … characters`;
  }

  /** A model was built or loaded (info: the training worker's). */
  adopted(info) {
    const st = this.stats;
    const { baselines } = info;
    st.model.textContent = `${shape(info.config)}; ${counted(info.paramCount, 'parameter')}, ${counted(info.vocab.length, 'character')}`;
    st.step.textContent = String(info.steps);
    st.train.textContent = '—';
    st.val.textContent = info.valLoss === null ? '— (no text)' : fixed(info.valLoss, 4);
    st.unigram.textContent = baselines.unigram === null ? '—' : fixed(baselines.unigram, 4);
    st.floor.textContent = baselines.floor === null ? '— (unknown for your own text)' : fixed(baselines.floor, 4);
    st.tokens.textContent = '—';
    st.steps.textContent = '—';
  }

  /** The training worker's `progress` event: a chunk of steps done. */
  progress(event) {
    const st = this.stats;
    st.step.textContent = String(event.step);
    const cores = event.workers > 1 ? ` (${event.workers} workers)` : event.threads > 1 ? ` (${event.threads} threads)` : '';
    st.tokens.textContent = `${Math.round(event.tokensPerSecond).toLocaleString('en')}${cores}`;
    st.steps.textContent = event.stepsPerSecond.toFixed(2);
  }

  /** The recent training loss (null: no step recorded). */
  training(loss) {
    this.stats.train.textContent = loss === null ? '—' : fixed(loss, 4);
  }

  validation(loss) {
    this.stats.val.textContent = fixed(loss, 4);
  }
}
