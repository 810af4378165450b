// decode-run.js — the state behind <attn-decode>, without a DOM: one model, one decoder, and the
// characters fed to it. The text comes from model.sample (the lab's one sampler, decoding with
// the KV cache), so the widget shows exactly what model.sample writes for that prompt,
// temperature and seed; the decoder then feeds the same characters one at a time and keeps what
// each step shows: the new query's weights over the cache, the logits of the next character,
// the work the step did, and the cache itself.
//
//   const run = new DecodeRun(attn, model);
//   const view = run.advance({ prompt: 'the queen said ', generated: 5, temperature: 0.8, seed: 1 });
//   // view: { chars, promptLength, t, step (decoder.step's result), next (probabilities),
//   //         cost (attn.decodeCost at t), context }

import { AttnError, Status } from '../../lib/errors.js';

export class DecodeRun {
  constructor(attn, model) {
    this.attn = attn;
    this.model = model;
    this.decoder = model.decoder();
    this.fed = [];      // the characters the decoder holds, in order
    this.last = null;   // the last step's result
  }

  get context() { return this.model.config.context; }

  /** What this model reads: checks a prompt and a count of generated characters against it. */
  check(prompt, generated) {
    const chars = Array.from(prompt);
    if (chars.length === 0) throw new AttnError(Status.LENGTH, 'The prompt is empty: type at least one character to start from.');
    if (chars.length > this.context) {
      throw new AttnError(Status.LENGTH, `The prompt has ${chars.length} characters, but this model’s context holds ${this.context}: shorten it.`);
    }
    this.model.tokenizer.encode(prompt, 'The prompt'); // names a character the model never saw
    const room = this.roomProblem(prompt, generated);
    if (room) throw new AttnError(Status.ARGUMENT, room);
    return chars;
  }

  /** Why `generated` new characters after `prompt` do not fit this model's context, or undefined
   *  when they do (or when the prompt alone does not: check() says that). */
  roomProblem(prompt, generated) {
    const length = Array.from(prompt).length;
    if (length + generated <= this.context || length > this.context) return undefined;
    return `A step of ${generated} does not fit: the prompt’s ${length} characters and ${generated} new ones would be ${length + generated}, `
      + `and this model’s context holds ${this.context} (its learned positions end there), so the step can be at most ${this.context - length}.`;
  }

  /** True when the prompt and `generated` new characters fill the context: no step can follow. */
  full(prompt, generated) {
    return Array.from(prompt).length + generated >= this.context;
  }

  /**
   * Brings the decoder to the prompt plus `generated` sampled characters (feeding only what is
   * new when the old characters are a prefix), and returns what the widget shows.
   */
  advance({ prompt, generated, temperature, seed }) {
    const chars = this.check(prompt, generated);
    const text = generated > 0 ? this.model.sample({ prompt, length: generated, temperature, seed }) : '';
    const sequence = [...chars, ...Array.from(text)];
    const keep = this.fed.length <= sequence.length && this.fed.every((c, i) => c === sequence[i]) ? this.fed.length : 0;
    if (keep === 0 && this.fed.length) this.decoder.reset();
    if (keep < this.fed.length || keep === 0) this.fed = this.fed.slice(0, keep);
    for (let i = keep; i < sequence.length; i++) {
      this.last = this.decoder.step(sequence[i]);
      this.fed.push(sequence[i]);
    }
    const t = sequence.length;
    const { layers, dModel } = this.model.config;
    return {
      chars: sequence,
      promptLength: chars.length,
      t,
      context: this.context,
      step: this.last,
      next: {
        drawn: this.attn.sampleDistribution({ logits: this.last.logits, temperature }),
        model: this.attn.sampleDistribution({ logits: this.last.logits, temperature: 1 }),
      },
      cost: this.attn.decodeCost({ vocab: this.model.tokenizer.size, layers, dModel, t }),
    };
  }

  /** Layer `layer`'s cached keys and values of head `head` (from 0). */
  cache(layer, head) { return this.decoder.cache(layer, head); }

  dispose() {
    this.model.dispose(); // its decoder with it
  }
}
