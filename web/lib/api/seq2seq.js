// api/seq2seq.js — attn.createSeq2seq / attn.translationSentence: the two translation
// encoder–decoders of attention's origin story, trained by the C core (c/src/seq2seq*.c), and
// the synthetic translation they learn (c/src/translation.c).
//
//   const model = attn.createSeq2seq({ kind: 'attention', embed: 32, hidden: 64, batch: 32,
//                                      minLength: 3, maxLength: 40, seed: 1, lr: 5e-3, steps: 1500 });
//   const losses = model.train(100);                          // Float32Array (100)
//   const { accuracy, alignment, chance } = model.evaluate({ bins: 4, sentencesPerBin: 64 });
//   const s = attn.translationSentence({ seed: 1, split: 'heldOut', index: 0, minLength: 12, maxLength: 12 });
//   const { loss, predicted, weights } = model.translate(s);  // weights (T, S) for 'attention'
//   model.dispose();
// kind 'bottleneck': the decoder sees the source only through the encoder's final state;
// 'attention': the same plus dot-product attention over every encoder state (weights).

import { AttnError, Status } from '../errors.js';
import { Out } from '../out.js';
import { Seq2seqInfo, Seq2seqKind, Seq2seqLimits, TranslationTask } from '../abi.js';
import * as check from '../validate.js';

const SPLITS = { train: TranslationTask.train, heldOut: TranslationTask.heldOut };

/**
 * The experiment's defaults, the same for both kinds: they show the bottleneck's accuracy falling
 * with source length while attention's holds within about a minute of training per model on one
 * core (docs/alignment-core.md records the measured run; scripts/seq2seq-experiment.mjs makes it).
 */
export const SEQ2SEQ_DEFAULTS = Object.freeze({
  embed: 32, hidden: 64, batch: 32, minLength: 3, maxLength: 40, seed: 1, lr: 5e-3, warmup: 50, steps: 1500,
});

/** A length range of the task, checked: { minLength, maxLength }. */
function lengthRange(minLength, maxLength) {
  check.size('minLength', minLength, { min: TranslationTask.minLength, max: TranslationTask.maxLength });
  check.size('maxLength', maxLength, { min: TranslationTask.minLength, max: TranslationTask.maxLength });
  if (minLength > maxLength) {
    throw new AttnError(Status.ARGUMENT, `minLength (${minLength}) must be at most maxLength (${maxLength}).`);
  }
  return { minLength, maxLength };
}

/** The spelling of `token` in `language` ('source' or 'target'). */
function word(core, language, token) {
  return core.run((scope) => {
    const text = scope.alloc(TranslationTask.wordBytes);
    core.check(core.exports.attn_translation_word(text, TranslationTask[language], token), 'translationSentence');
    return scope.readCString(text);
  });
}

/**
 * attn.translationSentence({ seed, split: 'train' | 'heldOut', index, minLength, maxLength }) →
 * { source, target, alignment (Int32Array (length) each: alignment[j] is target word j's source
 *   position), sourceWords, targetWords (their spellings) }.
 */
export function translationSentence(core, options = {}) {
  const { seed = 1, split = 'heldOut', index = 0 } = check.options('translationSentence', options);
  const { minLength, maxLength } = lengthRange(options.minLength ?? TranslationTask.minLength, options.maxLength ?? TranslationTask.maxLength);
  check.seed('seed', seed);
  check.size('index', index, { min: 0 });
  if (!Object.hasOwn(SPLITS, split)) {
    throw new AttnError(Status.ARGUMENT, `split must be 'train' or 'heldOut', but it is ${check.describe(split)}.`);
  }
  const max = TranslationTask.maxLength;
  const found = core.run((scope) => {
    const source = scope.i32Out(max), target = scope.i32Out(max), alignment = scope.i32Out(max);
    const { length } = scope.call('translationSentence', 'attn_translation_sentence', source, target, alignment,
      Out.i32('length'), seed, SPLITS[split], index, minLength, maxLength);
    return { source: scope.readI32(source, length), target: scope.readI32(target, length), alignment: scope.readI32(alignment, length) };
  });
  return {
    ...found,
    sourceWords: [...found.source].map((t) => word(core, 'source', t)),
    targetWords: [...found.target].map((t) => word(core, 'target', t)),
  };
}

/** attn.createSeq2seq(options): a new encoder–decoder in the core's memory; call dispose() when done. */
export function createSeq2seq(core, options = {}) {
  const { kind = 'attention', embed, hidden, batch, seed, lr, warmup, steps, minLength: lo, maxLength: hi } = {
    ...SEQ2SEQ_DEFAULTS, ...check.options('createSeq2seq', options),
  };
  if (!Object.hasOwn(Seq2seqKind, kind)) {
    throw new AttnError(Status.ARGUMENT, `kind must be 'bottleneck' or 'attention', but it is ${check.describe(kind)}.`);
  }
  check.size('embed', embed, { max: Seq2seqLimits.maxWidth });
  check.size('hidden', hidden, { max: Seq2seqLimits.maxWidth });
  check.size('batch', batch, { max: Seq2seqLimits.maxBatch });
  const { minLength, maxLength } = lengthRange(lo, hi);
  check.seed('seed', seed);
  check.between('lr', lr, 0, 1);
  check.size('warmup', warmup, { min: 0 });
  check.size('steps', steps);
  const heap = core.handle({ noun: 'translation model' });
  heap.create('createSeq2seq', 'attn_seq2seq_create', 'attn_seq2seq_free', Seq2seqKind[kind], embed, hidden, batch,
    minLength, maxLength, seed);
  try {
    heap.call('createSeq2seq', 'attn_seq2seq_set_training', heap.pointer, lr, warmup, steps);
  } catch (error) {
    heap.dispose();
    throw error;
  }
  return new Seq2seq(core, heap, { kind, embed, hidden, batch, minLength, maxLength, seed });
}

/** One encoder–decoder held in the WASM heap (a C attn_seq2seq behind a heap handle). */
export class Seq2seq {
  #core;
  #heap;

  constructor(core, heap, config) {
    this.#core = core;
    this.#heap = heap;
    Object.assign(this, config);
    Object.freeze(this);
  }

  /** Optimiser steps done. */
  get steps() { return this.info().steps; }

  /** The configuration and state as the core holds them: { kind, embed, hidden, …, steps, paramCount }. */
  info() {
    const pointer = this.#heap.live('seq2seq.info');
    const { info } = this.#heap.call('seq2seq.info', 'attn_seq2seq_info', Out.i32('info', Seq2seqInfo.count), pointer);
    return Object.fromEntries(Object.entries(Seq2seqInfo).filter(([k]) => k !== 'count').map(([k, i]) => [k, info[i]]));
  }

  /** `steps` training steps on the next training sentences: the batches' losses (nats), Float32Array (steps). */
  train(steps) {
    const pointer = this.#heap.live('seq2seq.train');
    check.size('steps', steps, { max: 100000 });
    const core = this.#core;
    return core.run((scope) => {
      const losses = scope.f32Out(steps);
      core.check(core.exports.attn_seq2seq_train(losses, pointer, steps), 'seq2seq.train');
      return scope.readF32(losses, steps);
    });
  }

  /**
   * Held-out accuracy by source length: { lengths: [[lo, hi], …] (bins), accuracy (bins),
   * alignment (bins, attention only, else null), chance (bins: the mean of 1/S) }.
   */
  evaluate({ bins = 4, sentencesPerBin = 64 } = {}) {
    const pointer = this.#heap.live('seq2seq.evaluate');
    const span = this.maxLength - this.minLength + 1;
    check.size('bins', bins, { max: span });
    check.size('sentencesPerBin', sentencesPerBin, { max: 100000 });
    const core = this.#core, attention = this.kind === 'attention';
    const scores = core.run((scope) => {
      const accuracy = scope.f64Out(bins), alignment = attention ? scope.f64Out(bins) : 0, chance = scope.f64Out(bins);
      core.check(core.exports.attn_seq2seq_evaluate(accuracy, alignment, chance, pointer, bins, sentencesPerBin), 'seq2seq.evaluate');
      return {
        accuracy: scope.readF64(accuracy, bins),
        alignment: attention ? scope.readF64(alignment, bins) : null,
        chance: scope.readF64(chance, bins),
      };
    });
    const lengths = Array.from({ length: bins }, (_, k) => [
      this.minLength + Math.floor((k * span) / bins), this.minLength + Math.floor(((k + 1) * span) / bins) - 1]);
    return { lengths, ...scores };
  }

  /**
   * One sentence { source, target } (Int32Array or arrays of one length T) through the model,
   * teacher-forced: { loss (nats per word), predicted (Int32Array (T)), weights (Float32Array
   * (T, T): row j the cross-attention of target word j over the source; null for 'bottleneck') }.
   */
  translate({ source, target } = {}) {
    const pointer = this.#heap.live('seq2seq.translate');
    const t = Array.isArray(source) || ArrayBuffer.isView(source) ? source.length : 0;
    check.size('the sentence\'s length', t, { max: TranslationTask.maxLength });
    const src = check.ids('source', source, TranslationTask.vocab, t);
    const tgt = check.ids('target', target, TranslationTask.vocab, t);
    const core = this.#core, attention = this.kind === 'attention';
    return core.run((scope) => {
      const predicted = scope.i32Out(t), weights = attention ? scope.f32Out(t * t) : 0;
      const loss = scope.f32Out(1);
      core.check(core.exports.attn_seq2seq_forward(loss, predicted, weights, pointer, scope.i32(src), scope.i32(tgt), 1, t), 'seq2seq.translate');
      return {
        loss: scope.readF32(loss, 1)[0],
        predicted: scope.readI32(predicted, t),
        weights: attention ? scope.readF32(weights, t * t) : null,
      };
    });
  }

  /** Frees the model's memory; later calls throw. Calling it twice is harmless. */
  dispose() {
    this.#heap.dispose();
  }
}
