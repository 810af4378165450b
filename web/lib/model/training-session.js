// training-session.js — what the training worker does (web/workers/train-worker.js, and the
// learner's worker, which adds its own requests): one model, trained in chunks so that requests
// are answered between them, on both cores when allowed: its kernels on two threads where the
// page is cross-origin isolated, else a second worker taking half of each batch (data parallel).
// DOM-free: node tests serve it over a MessageChannel.
//
//   const session = createTrainingSession({ loadCore: () => loadAttn(), emit });
//   serve(session.handlers)            // the requests below, over web/lib/channel.js
//   session.setAttention(fn)           // the learner's attention function, or null for the C path
// The validation loss (info, pause, the validation events) runs through the same attention as
// training: a model is measured as it was trained, so a function that reads the future scores
// below the corpus floor on text it never trained on too.
//
// Requests:
//   helper { port }        a MessagePort to the second worker (web/workers/grad-worker.js)
//   parallel { on }        use both cores ("Use two cores"; twoCoreMode says how), or one
//   create { options }     a new model (the current one is kept if this fails)
//   load { bytes, text? }  a saved model (likewise)
//   info                   the current model's description (configuration, corpus, steps, baselines,
//                          validation loss), or null
//   start { untilStep }    train in chunks until paused or untilStep; events tell the progress.
//                          Answers { step, started }: started false (and not one step trained)
//                          when the model is already at untilStep or past it
//   pause                  stop after the current chunk; answers the step and validation loss
//   probe { text }         attention maps (every layer and head) on a probe text, with the
//                          `step` they were computed at
//   sample { prompt, length, temperature, seed }   { text, step }: the text and its model's step
//   save                   the weights file (Uint8Array)
//   benchmark { steps, rounds = 1 }  tokens/s over `rounds` rounds of `steps` steps: { one } (one
//                          thread), { threads } (the kernels on two threads, isolated pages),
//                          { two } (two workers), { fastest: { one, threads, two } } (each one's
//                          fastest round), and { mode }: which "Use two cores" trains with here
//   heads, ablate, ablateAll, headHistory   reading the model's heads (head-requests.js)
// Events: { type: 'progress', step, loss: Float32Array, tokensPerSecond, stepsPerSecond, workers,
// threads }, { type: 'validation', step, loss, heads }, { type: 'stopped', step, reason, error? }.
// `heads` is the entry the model added to its record of head scores (model.recordHeadScores()).

import { AttnError, Status } from '../errors.js';
import { errorToWire } from '../channel.js';
import { DataParallel } from './data-parallel.js';
import { headRequests } from './head-requests.js';

const EVAL_EVERY = 50;        // steps between validation losses
const CHUNK_SECONDS = 0.15;   // how long one chunk of steps may run before the worker listens again

/** Requests that need no model yet. */
const WITHOUT_MODEL = new Set(['create', 'load', 'info', 'helper', 'parallel']);

const refuse = (message) => new AttnError(Status.ARGUMENT, message);

/** The validation loss of `m` through `attention` (null: the C path), or null without text. */
const validationLoss = (m, attention) => (!m.hasData ? null : attention ? m.evaluate({ attention }) : m.evaluate());

function describe(m, attention) {
  return {
    config: m.config,
    vocab: m.vocab,
    steps: m.steps,
    paramCount: m.paramCount,
    baselines: m.baselines,
    hasData: m.hasData,
    corpus: m.corpus,
    valLoss: validationLoss(m, attention),
  };
}

export function createTrainingSession({ loadCore, emit }) {
  let attn = null;
  let model = null;
  let running = false;
  let untilStep = Infinity;
  let chunk = 2;
  let helper = null;            // a DataParallel when a second worker is connected
  let parallel = true;
  let helperModel = null;       // the model the helper holds a copy of
  let attention = null;         // the learner's attention function, or null for the C path
  let inFlight = Promise.resolve(); // the chunk being trained, awaited by pause

  /** Makes `next` the model, once it is described (its validation loss may run the learner's
   *  code and fail): on failure `next` is freed and the current model stays. */
  function replace(next) {
    let info;
    try {
      info = describe(next, attention);
    } catch (error) {
      next.dispose();
      throw error;
    }
    running = false;
    model?.dispose();
    model = next;
    return info;
  }

  /** The two ways of using both cores, and whether each is open now (the learner's function
   *  runs in this worker only, so it never takes the second worker). */
  const canUseWorkers = () => Boolean(helper && !attention && model.config.batch >= 2);
  const canUseThreads = () => {
    attn.core.limitThreads(2);
    return attn.threads === 2;
  };

  /**
   * How this worker trains when it may use both cores ("Use two cores", on by default):
   *   'threads'  its kernels on two threads, where the page is cross-origin isolated (the
   *              threaded core is up): bit for bit what one thread gives, and no parameter or
   *              gradient copies between workers (README, "Both cores");
   *   'workers'  elsewhere, a second worker takes half of each batch (the C path only, batch ≥ 2);
   *   'one'      one thread.
   */
  function twoCoreMode() {
    if (!parallel) return 'one';
    if (canUseThreads()) return 'threads';
    return canUseWorkers() ? 'workers' : 'one';
  }

  /** Up to `steps` training steps in `mode` (above). Two workers stop early when `stop()` turns
   *  true, so a pause takes effect within one step. */
  async function trainSteps(m, steps, stop = () => false, mode = twoCoreMode()) {
    if (mode !== 'workers') {
      attn.core.limitThreads(mode === 'threads' ? 2 : 1);
      const result = attention ? m.train(steps, { attention }) : m.train(steps);
      return { ...result, workers: 1, threads: attn.threads };
    }
    attn.core.limitThreads(1);
    if (helperModel !== m) {
      await helper.adopt(m);
      helperModel = m;
    }
    const loss = [];
    const start = performance.now();
    for (let i = 0; i < steps && !stop(); i++) loss.push(await helper.step(m));
    const seconds = Math.max((performance.now() - start) / 1000, 1e-9);
    const done = loss.length;
    return { loss: Float32Array.from(loss), seconds, tokensPerSecond: done * m.config.batch * m.config.context / seconds, stepsPerSecond: done / seconds, workers: 2, threads: 1 };
  }

  function tick() {
    inFlight = trainChunk();
  }

  async function trainChunk() {
    if (!running || !model) return;
    const current = model;
    try {
      const step = current.steps;
      const steps = Math.max(1, Math.min(chunk, untilStep - step));
      const result = await trainSteps(current, steps, () => !running || model !== current);
      if (model !== current || result.loss.length === 0) return; // replaced or paused mid-chunk
      // Aim each chunk at CHUNK_SECONDS so pause and probes answer quickly.
      chunk = Math.max(1, Math.min(64, Math.round(result.loss.length * CHUNK_SECONDS / Math.max(result.seconds, 1e-3))));
      emit({ type: 'progress', step: current.steps, loss: result.loss, tokensPerSecond: result.tokensPerSecond, stepsPerSecond: result.stepsPerSecond, workers: result.workers, threads: result.threads });
      const before = Math.floor(step / EVAL_EVERY), after = Math.floor(current.steps / EVAL_EVERY);
      if (after > before || current.steps >= untilStep) emit({ type: 'validation', step: current.steps, loss: validationLoss(current, attention), heads: current.recordHeadScores() });
      if (current.steps >= untilStep) {
        running = false;
        emit({ type: 'stopped', step: current.steps, reason: 'done' });
        return;
      }
    } catch (error) {
      if (model !== current) return;
      running = false;
      emit({ type: 'stopped', step: current.steps, reason: 'error', error: errorToWire(error) });
      return;
    }
    setTimeout(tick, 0);
  }

  const requests = {
    helper: ({ port }) => {
      helper = new DataParallel(port);
      helperModel = null;
      return true;
    },
    parallel: ({ on }) => {
      parallel = Boolean(on);
      return { parallel, available: Boolean(helper) };
    },
    create: ({ options }) => {
      const next = attn.createModel(options);
      try {
        next.recordHeadScores(); // step 0: where the heads start
      } catch (error) {
        next.dispose();
        throw error;
      }
      return replace(next);
    },
    load: ({ bytes, text }) => replace(attn.loadModel(new Uint8Array(bytes), text === undefined ? {} : { text })),
    info: () => (model ? describe(model, attention) : null),
    start: ({ untilStep: until = Infinity }) => {
      if (!model.hasData) throw refuse('This model has no text to train on: build a new model, or load one trained on the default corpus.');
      if (model.steps >= until) return { step: model.steps, started: false }; // the target is reached: nothing to train
      untilStep = until;
      if (!running) {
        running = true;
        setTimeout(tick, 0);
      }
      return { step: model.steps, started: true };
    },
    pause: async () => {
      running = false;
      await inFlight;
      return { step: model.steps, valLoss: validationLoss(model, attention) };
    },
    // Both answer with the step they were computed at: asked for between chunks while training
    // runs, that is the step the page labels them with ("as of step N").
    probe: ({ text }) => ({ ...model.attentionMaps(text, attention ? { attention } : {}), step: model.steps }),
    sample: (options) => ({ text: model.sample(options), step: model.steps }),
    save: () => model.save(),
    ...headRequests(() => model),
    benchmark: async ({ steps, rounds = 1 }) => {
      if (running) throw refuse('Pause training before a benchmark.');
      if (!Number.isInteger(rounds) || rounds < 1 || rounds > 100) throw refuse(`rounds must be a whole number from 1 to 100, but it is ${String(rounds)}.`);
      const available = { one: true, threads: canUseThreads(), workers: canUseWorkers() };
      const fastest = { one: null, threads: null, workers: null };
      const measure = async (mode) => {
        if (!available[mode]) return null;
        await trainSteps(model, 3, undefined, mode); // warm-up: V8 may leave a first call in its baseline compiler
        let tokens = 0, seconds = 0;
        for (let round = 0; round < rounds; round++) {
          const result = await trainSteps(model, steps, undefined, mode);
          tokens += result.tokensPerSecond * result.seconds;
          seconds += result.seconds;
          fastest[mode] = Math.max(fastest[mode] ?? 0, result.tokensPerSecond);
        }
        return tokens / seconds;
      };
      try {
        // One worker on one thread; one worker whose kernels use both cores (isolated pages only);
        // two workers, each on one thread (data parallel). `mode`: what "Use two cores" uses here.
        const one = await measure('one'), threads = await measure('threads'), two = await measure('workers');
        return { one, threads, two, mode: twoCoreMode(), fastest: { one: fastest.one, threads: fastest.threads, two: fastest.workers } };
      } finally {
        attn.core.limitThreads(2);
      }
    },
  };

  // Every request first has the core, and all but a few need a model.
  const handlers = Object.fromEntries(Object.entries(requests).map(([name, handle]) => [name, async (args, tools) => {
    attn ??= await loadCore();
    if (!model && !WITHOUT_MODEL.has(name)) throw refuse('Build a model first.');
    return handle(args, tools);
  }]));

  return {
    handlers,
    /** The learner's attention function, or null for the C path (only the learner's worker sets it). */
    setAttention(fn) { attention = fn; },
  };
}
