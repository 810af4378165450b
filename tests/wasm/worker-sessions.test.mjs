// worker-sessions.test.mjs — what the lab's workers answer, served in node over in-process
// MessageChannels with the lab's channel (web/lib/channel.js), as the page reaches them: the
// training session (web/workers/train-worker.js), its data-parallel helper
// (web/workers/grad-worker.js) and the learner's session (web/workers/learner-worker.js). The
// status codes of errors (once, an unknown request, or a learner's compile error, reached the
// page with status OK); training through the channel gives the bits of training in-process; two
// workers give one worker's losses, bit for bit; the learner's errors keep their line; a
// start at a target already reached trains nothing.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Channel, serve } from '../../web/lib/channel.js';
import { AttnError, Status } from '../../web/lib/errors.js';
import { createTrainingSession } from '../../web/lib/model/training-session.js';
import { createHalfBatchHandlers } from '../../web/lib/model/data-parallel.js';
import { createLearnerSession } from '../../web/lib/learner/learner-session.js';
import { LearnerFailure, reviveLearnerError } from '../../web/lib/learner/learner-client.js';
import { TEMPLATE } from '../../web/lib/learner/template.js';
import { loadWasmAttn, loadThreadedAttn } from './helpers.mjs';

const attn = await loadWasmAttn();
const QUICK = { preset: 'small', batch: 4, context: 32, dModel: 32, lr: 3e-3, seed: 3 };

const ports = [];
after(() => { for (const port of ports) port.close(); });

/** A page-side Channel to `session` (a function of { emit } returning handlers), with its events. */
function connect(session, options = {}) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serve(session, { endpoint: port2, name: 'training worker' });
  const events = [];
  const waiting = [];
  const channel = new Channel({
    name: 'training worker', endpoint: port1, ...options,
    onEvent: (event) => {
      events.push(event);
      for (const w of waiting.splice(0)) if (w.type === event.type) w.resolve(event); else waiting.push(w);
    },
  });
  /** The next event of `type` (or one already seen after `from`). */
  const next = (type, from = 0) => {
    const seen = events.slice(from).find((e) => e.type === type);
    return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ type, resolve }));
  };
  return { channel, events, next };
}

const training = (loadCore = async () => attn) => ({ emit }) => createTrainingSession({ loadCore, emit }).handlers;
const failure = (promise) => promise.then(() => assert.fail('it should have been refused'), (error) => error);

test('an unknown request is refused with Status ARGUMENT (not OK), naming what the worker answers', async () => {
  const { channel } = connect(training());
  const error = await failure(channel.request('train'));
  assert.ok(error instanceof AttnError);
  assert.equal(error.code, Status.ARGUMENT);
  assert.match(error.message, /^The training worker has no request "train"; it answers helper, parallel, create, load, info, start, pause, probe, sample, save, heads, ablate, ablateAll, headHistory, patch, benchmark\.$/);
});

test('requests that need a model say so (ARGUMENT); a core error keeps its own code', async () => {
  const { channel } = connect(training());
  for (const method of ['start', 'pause', 'probe', 'save']) {
    const error = await failure(channel.request(method, {}));
    assert.deepEqual([error.code, error.message], [Status.ARGUMENT, 'Build a model first.'], method);
  }
  const shape = await failure(channel.request('create', { options: { ...QUICK, dModel: 30, heads: 4 } }));
  assert.equal(shape.code, Status.SHAPE);
  const format = await failure(channel.request('load', { bytes: new Uint8Array(40) }));
  assert.equal(format.code, Status.FORMAT);
  assert.equal(await channel.request('info'), null, 'the session is still usable');
});

test('training through the channel gives, bit for bit, the losses of the same model trained in-process', async () => {
  const { channel, events, next } = connect(training());
  const info = await channel.request('create', { options: QUICK });
  assert.equal(info.steps, 0);
  await channel.request('start', { untilStep: 6 });
  const stopped = await next('stopped');
  assert.deepEqual([stopped.step, stopped.reason], [6, 'done']);
  const streamed = events.filter((e) => e.type === 'progress').flatMap((e) => Array.from(e.loss));
  const direct = attn.createModel(QUICK);
  const want = Array.from(direct.train(6).loss);
  assert.deepEqual(streamed, want);
  const validation = events.filter((e) => e.type === 'validation').at(-1);
  assert.deepEqual([validation.step, validation.loss], [6, direct.evaluate()]);
  const paused = await channel.request('pause');
  assert.deepEqual(paused, { step: 6, valLoss: direct.evaluate() });
  direct.dispose();
});

test('two workers (data parallel over a second channel) train to the losses of one worker, bit for bit (the same halves, the same blend)', async () => {
  const second = await loadWasmAttn(); // the second worker's own core
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serve(createHalfBatchHandlers({ loadCore: async () => second }), { endpoint: port2, name: 'second training worker' });
  const { channel, events, next } = connect(training());
  assert.equal(await channel.request('helper', { port: port1 }, { transfer: [port1] }), true);
  assert.deepEqual(await channel.request('parallel', { on: true }), { parallel: true, available: true });
  await channel.request('create', { options: QUICK });
  await channel.request('start', { untilStep: 5 });
  await next('stopped');
  const progress = events.filter((e) => e.type === 'progress');
  assert.ok(progress.every((e) => e.workers === 2), 'every chunk on two workers');
  const streamed = progress.flatMap((e) => Array.from(e.loss));
  const whole = attn.createModel(QUICK);
  const want = whole.train(5).loss;
  whole.dispose();
  assert.deepEqual(streamed, Array.from(want));
});

test('“Use two cores” with the threaded core: the kernels on two threads, not the second worker, bit for bit as one thread; unchecked, one thread', async () => {
  const threaded = await loadThreadedAttn();
  try {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    serve(createHalfBatchHandlers({ loadCore: async () => loadWasmAttn() }), { endpoint: port2, name: 'second training worker' });
    const { channel, events, next } = connect(training(async () => threaded));
    await channel.request('helper', { port: port1 }, { transfer: [port1] });
    await channel.request('create', { options: QUICK });
    await channel.request('start', { untilStep: 4 });
    await next('stopped');
    assert.deepEqual(await channel.request('parallel', { on: false }), { parallel: false, available: true });
    await channel.request('start', { untilStep: 8 });
    await next('stopped', events.findIndex((e) => e.type === 'stopped') + 1);
    const progress = events.filter((e) => e.type === 'progress');
    const ways = progress.map((e) => [e.step <= 4 ? 'on' : 'off', e.workers, e.threads]);
    assert.ok(ways.every(([box, workers, threads]) => workers === 1 && threads === (box === 'on' ? 2 : 1)), JSON.stringify(ways));
    const streamed = progress.flatMap((e) => Array.from(e.loss));
    const direct = attn.createModel(QUICK); // the single-thread build, in-process
    assert.deepEqual(streamed, Array.from(direct.train(8).loss));
    direct.dispose();
    const bench = await channel.request('benchmark', { steps: 1 });
    assert.equal(bench.mode, 'one', 'unchecked');
    assert.ok(bench.one > 0 && bench.threads > 0 && bench.two > 0, JSON.stringify(bench));
    await channel.request('parallel', { on: true });
    const rounds = await channel.request('benchmark', { steps: 1, rounds: 3 });
    assert.equal(rounds.mode, 'threads');
    for (const way of ['one', 'threads', 'two']) assert.ok(rounds.fastest[way] >= rounds[way], `${way}: the fastest round is at least the overall rate`);
    const refused = await failure(channel.request('benchmark', { steps: 1, rounds: 0 }));
    assert.deepEqual([refused.code, refused.message], [Status.ARGUMENT, 'rounds must be a whole number from 1 to 100, but it is 0.']);
  } finally {
    await threaded.core.stopHelper();
  }
});

test('the second worker refuses gradients before it has a model (ARGUMENT), and its errors name it', async () => {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serve(createHalfBatchHandlers({ loadCore: async () => attn }), { endpoint: port2, name: 'second training worker' });
  const helper = new Channel({ name: 'second training worker', endpoint: port1 });
  const error = await failure(helper.request('grads', { params: new Float32Array(1), steps: 0, tokens: new Int32Array(1), targets: new Int32Array(1), b: 1 }));
  assert.deepEqual([error.code, error.message], [Status.ARGUMENT, 'The second worker has no model yet.']);
});

// ---------------------------------------------------------------- the learner's worker

const learner = () => connect(({ emit }) => createLearnerSession({ prepare: async () => attn, emit }), { reviveError: reviveLearnerError });
const SYNTAX_ERROR = 'function attention(ops, q, k, v, { heads }) {\n  const qh = ops.splitHeads(q, heads);\n  return qh.(;\n}';

test('a learner’s compile error is a LearnerFailure with Status ARGUMENT and its line, on every request that compiles', async () => {
  const { channel } = learner();
  assert.equal(await channel.request('ready'), true);
  for (const method of ['compile', 'check', 'causality', 'attention']) {
    const error = await failure(channel.request(method, { source: SYNTAX_ERROR }));
    assert.ok(error instanceof LearnerFailure && error instanceof AttnError, method);
    assert.deepEqual([error.code, error.line, error.timedOut], [Status.ARGUMENT, 3, false], method);
    assert.match(error.message, /^Line 3: syntax error: Unexpected token/, method);
  }
  const unknown = await failure(channel.request('run', { source: TEMPLATE }));
  assert.ok(!(unknown instanceof LearnerFailure));
  assert.equal(unknown.code, Status.ARGUMENT);
  assert.match(unknown.message, /has no request "run"; it answers .*ready, compile, check, causality, attention\.$/);
});

test('start with the target already reached trains no step: it answers started false, and no event comes', async () => {
  const { channel, events, next } = connect(training());
  await channel.request('create', { options: QUICK });
  assert.deepEqual(await channel.request('start', { untilStep: 3 }), { step: 0, started: true });
  await next('stopped');
  const seen = events.length;
  for (const untilStep of [2, 3]) assert.deepEqual(await channel.request('start', { untilStep }), { step: 3, started: false });
  assert.equal((await channel.request('info')).steps, 3);
  assert.deepEqual(events.slice(seen), []);
});

test('the learner’s session checks the built-in code, and trains with it exactly like the C path', async () => {
  const { channel, events, next } = learner();
  const report = await channel.request('check', { source: TEMPLATE });
  assert.equal(report.pass, true);
  await channel.request('attention', { source: TEMPLATE });
  await channel.request('create', { options: QUICK });
  await channel.request('start', { untilStep: 3 });
  await next('stopped');
  const streamed = events.filter((e) => e.type === 'progress').flatMap((e) => Array.from(e.loss));
  const c = attn.createModel(QUICK);
  assert.deepEqual(streamed, Array.from(c.train(3).loss));
  c.dispose();
});

test('a runtime error in the learner’s function stops training with Status ARGUMENT and its line', async () => {
  const { channel, next } = learner();
  const built = await channel.request('create', { options: QUICK });
  await channel.request('attention', { source: 'function attention(ops, q, k, v) {\n  const x = null;\n  return x.shape;\n}' });
  await channel.request('start', { untilStep: 3 });
  const stopped = await next('stopped');
  assert.equal(stopped.reason, 'error');
  assert.deepEqual([stopped.error.name, stopped.error.code, stopped.error.line], ['LearnerError', Status.ARGUMENT, 3]);
  const probe = await failure(channel.request('probe', { text: 'the cat' }));
  assert.ok(probe instanceof LearnerFailure);
  assert.deepEqual([probe.code, probe.line], [Status.ARGUMENT, 3]);
  // A model is measured through the learner's function when it is built or loaded: that error
  // refuses the new model (with the line), and the one that was there stays.
  const refused = await failure(channel.request('create', { options: { ...QUICK, seed: 9 } }));
  assert.deepEqual([refused.code, refused.line], [Status.ARGUMENT, 3]);
  await channel.request('attention', { source: null });
  const info = await channel.request('info');
  assert.deepEqual([info.steps, info.config.seed], [built.steps, QUICK.seed]);
});

test('with the learner’s function, the validation loss is measured through it (the same number for the built-in)', async () => {
  const { channel } = learner();
  const built = await channel.request('create', { options: QUICK });
  await channel.request('attention', { source: TEMPLATE });
  assert.equal((await channel.request('info')).valLoss, built.valLoss);
  const leaking = TEMPLATE.replace('const masked = ops.causalMask(scaled);', 'const masked = scaled;');
  await channel.request('attention', { source: leaking });
  assert.notEqual((await channel.request('info')).valLoss, built.valLoss);
});

test('the probe and sample answers carry the step they were computed at, also between chunks while training runs', async () => {
  const { channel, events, next } = connect(training());
  await channel.request('create', { options: QUICK });
  const first = await channel.request('probe', { text: 'the cat sat' });
  const sample = await channel.request('sample', { prompt: 'the ', length: 20, seed: 1 });
  assert.equal(first.step, 0);
  assert.deepEqual([typeof sample.text, sample.text.length, sample.step], ['string', 20, 0]);
  await channel.request('start', { untilStep: 400 });
  const evaluation = await next('validation');
  const during = await channel.request('probe', { text: 'the cat sat' });
  const trained = events.filter((e) => e.type === 'progress').at(-1).step;
  // Answered between two chunks: at least the evaluation's step, at most the target.
  assert.ok(during.step >= evaluation.step && during.step <= 400, `probe at step ${during.step}, after the evaluation at ${evaluation.step}`);
  assert.ok(during.step >= trained, `probe at step ${during.step}, after ${trained} steps were reported`);
  await next('stopped');
  const last = await channel.request('probe', { text: 'the cat sat' });
  assert.equal(last.step, 400);
  assert.equal((await channel.request('sample', { prompt: 'the ', length: 20, seed: 1 })).step, 400);
  assert.notDeepEqual(Array.from(last.weights), Array.from(first.weights), 'the maps follow the training');
});
