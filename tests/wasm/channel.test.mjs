// channel.test.mjs — the lab's one worker channel (web/lib/channel.js) in node: request ids and
// concurrent requests answered out of order; progress and events; results transferred, not
// copied; the Status every error crosses with (an AttnError keeps its code, an unknown request is
// ARGUMENT, an error with no Status is UNAVAILABLE, never OK); a learner's error comes back as
// LearnerFailure with its line; cancellation, the time limit and a crash each end the worker,
// reject what waits on it, and the next request starts a fresh one. In-process requests use a
// MessageChannel; ending a worker uses a worker thread (channel-worker.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { Channel, Cancelled, serve, transfer, errorToWire } from '../../web/lib/channel.js';
import { AttnError, Status } from '../../web/lib/errors.js';
import { LearnerFailure, reviveLearnerError } from '../../web/lib/learner/learner-client.js';
import { LearnerError } from '../../web/lib/learner/sandbox.js';

/** A Channel and the handlers serving it, joined by an in-process MessageChannel. */
function inProcess(handlers, options = {}) {
  const { port1, port2 } = new MessageChannel();
  const server = serve(handlers, { endpoint: port2, name: 'test worker' });
  const channel = new Channel({ name: 'test worker', endpoint: port1, ...options });
  const close = () => { port1.close(); port2.close(); };
  return { channel, server, close };
}

/** A worker thread running channel-worker.mjs, shaped like a page's Worker (addEventListener, terminate). */
function startTestWorker(started) {
  const worker = new Worker(new URL('./channel-worker.mjs', import.meta.url));
  started?.push(worker);
  return {
    postMessage: (message, list) => worker.postMessage(message, list),
    addEventListener(type, listener) {
      if (type === 'message') worker.on('message', (data) => listener({ data }));
      if (type === 'error') worker.on('error', (error) => listener({ message: error.message, preventDefault() {} }));
    },
    terminate: () => worker.terminate(),
  };
}

/** A promise and the functions that settle it. */
function deferred() {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}

test('each answer reaches its own request: three at once, answered in the reverse order', async () => {
  const gates = { a: deferred(), b: deferred(), c: deferred() };
  const { channel, close } = inProcess({
    wait: async ({ name }) => `${name} ${await gates[name].promise}`,
    open: ({ name, value }) => { gates[name].resolve(value); return true; },
  });
  const answers = ['a', 'b', 'c'].map((name) => channel.request('wait', { name }));
  for (const [name, value] of [['c', 3], ['b', 2], ['a', 1]]) await channel.request('open', { name, value });
  assert.deepEqual(await Promise.all(answers), ['a 1', 'b 2', 'c 3']);
  close();
});

test('progress arrives in order, before the result; events reach onEvent', async () => {
  const events = [];
  const { channel, server, close } = inProcess(({ emit }) => ({
    steps: async ({ count }, { progress }) => {
      for (let i = 1; i <= count; i++) progress({ done: i });
      emit({ type: 'finished', count });
      return 'done';
    },
  }), { onEvent: (event) => events.push(event) });
  const seen = [];
  assert.equal(await channel.request('steps', { count: 4 }, { onProgress: (p) => seen.push(p.done) }), 'done');
  assert.deepEqual(seen, [1, 2, 3, 4]);
  assert.deepEqual(events, [{ type: 'finished', count: 4 }]);
  assert.equal(typeof server.emit, 'function');
  close();
});

test('a result marked with transfer() moves its buffer (the sender keeps an empty one)', async () => {
  let sent = null;
  const { channel, close } = inProcess({
    grads: () => {
      sent = new Float32Array([1.5, -2, 3]);
      return transfer({ grads: sent }, [sent.buffer]);
    },
  });
  const { grads } = await channel.request('grads');
  assert.deepEqual(Array.from(grads), [1.5, -2, 3]);
  assert.equal(sent.buffer.byteLength, 0, 'transferred, not copied');
  const params = new Float32Array(4);
  await channel.request('grads', { params }, { transfer: [params.buffer] });
  assert.equal(params.buffer.byteLength, 0, 'arguments are transferred too');
  close();
});

test('every error crosses with a real Status, never OK', async () => {
  const { channel, close } = inProcess({
    attn: () => { throw new AttnError(Status.SHAPE, 'dModel (510) must be divisible by heads (8).'); },
    plain: () => { throw new TypeError('x is not a function'); },
    zero: () => { throw Object.assign(new Error('a code of 0'), { code: 0 }); },
    domCode: () => { throw Object.assign(new Error('could not be cloned'), { name: 'DataCloneError', code: 25 }); },
    text: () => { throw 'a string'; }, // eslint-disable-line no-throw-literal
    uncloneable: () => () => {},
  });
  const codeOf = async (method) => {
    const error = await channel.request(method).then(() => null, (e) => e);
    assert.ok(error instanceof AttnError, `${method}: an AttnError`);
    return [error.code, error.message];
  };
  assert.deepEqual(await codeOf('attn'), [Status.SHAPE, 'dModel (510) must be divisible by heads (8).']);
  assert.deepEqual(await codeOf('plain'), [Status.UNAVAILABLE, 'x is not a function']);
  assert.deepEqual(await codeOf('zero'), [Status.UNAVAILABLE, 'a code of 0']);
  assert.deepEqual(await codeOf('domCode'), [Status.UNAVAILABLE, 'could not be cloned']);
  assert.deepEqual(await codeOf('text'), [Status.UNAVAILABLE, 'a string']);
  assert.equal((await codeOf('uncloneable'))[0], Status.UNAVAILABLE);
  const [code, message] = await codeOf('nonsense');
  assert.equal(code, Status.ARGUMENT);
  assert.match(message, /^The test worker has no request "nonsense"; it answers attn, plain, zero, domCode, text, uncloneable\.$/);
  assert.equal((await codeOf('toString'))[0], Status.ARGUMENT, 'inherited names are not requests');
  const unsendable = await channel.request('attn', { f: () => {} }).then(() => null, (e) => e);
  assert.equal(unsendable.code, Status.ARGUMENT);
  close();
});

test('a learner’s error keeps its class and line: LearnerFailure, Status ARGUMENT', async () => {
  assert.equal(new LearnerError('syntax error.', 3).code, Status.ARGUMENT);
  assert.deepEqual(errorToWire(new LearnerError('syntax error: Unexpected token.', 3, 12)),
    { name: 'LearnerError', code: Status.ARGUMENT, message: 'Line 3: syntax error: Unexpected token.', line: 3 });
  const { channel, close } = inProcess({
    compile: () => { throw new LearnerError('syntax error: Unexpected token.', 3); },
    core: () => { throw new AttnError(Status.VALUE, 'q holds NaN.'); },
  }, { reviveError: reviveLearnerError });
  const error = await channel.request('compile').then(() => null, (e) => e);
  assert.ok(error instanceof LearnerFailure && error instanceof AttnError);
  assert.deepEqual([error.name, error.code, error.line, error.timedOut, error.message],
    ['LearnerFailure', Status.ARGUMENT, 3, false, 'Line 3: syntax error: Unexpected token.']);
  const other = await channel.request('core').then(() => null, (e) => e);
  assert.ok(!(other instanceof LearnerFailure) && other instanceof AttnError);
  assert.equal(other.code, Status.VALUE);
  close();
});

test('prepare runs once per worker, before any request and without the time limit', async () => {
  const order = [];
  const { channel, close } = inProcess({
    ready: async () => { order.push('ready'); return true; },
    work: () => { order.push('work'); return 1; },
  }, { prepare: async (call) => { await call('ready'); order.push('prepared'); }, timeoutMs: 60_000 });
  await Promise.all([channel.request('work'), channel.request('work')]);
  assert.deepEqual(order, ['ready', 'prepared', 'work', 'work']);
  close();
});

test('a request is posted before request() returns once the worker is up (data parallel relies on it)', async () => {
  let heard = 0;
  const { port1, port2 } = new MessageChannel();
  const channel = new Channel({ endpoint: { postMessage: (m, l) => { heard++; port1.postMessage(m, l); }, addEventListener: (t, f) => port1.addEventListener(t, f), start: () => port1.start() } });
  serve({ one: () => 1 }, { endpoint: port2 });
  await channel.request('one');
  const answer = channel.request('one');
  assert.equal(heard, 2, 'posted synchronously');
  assert.equal(await answer, 1);
  channel.terminate();
  await assert.rejects(channel.request('one'), (e) => e.code === Status.UNAVAILABLE && /was stopped/.test(e.message), 'a channel over a given port is closed for good');
  port1.close(); port2.close();
});

test('cancelling ends the worker: the request rejects with Cancelled, the others with UNAVAILABLE, and the next starts afresh', async () => {
  const started = [];
  const channel = new Channel({ name: 'test worker', start: () => startTestWorker(started) });
  const first = await channel.request('pid');
  const controller = new AbortController();
  const spinning = channel.request('spin', {}, { signal: controller.signal });
  const bystander = channel.request('spin');
  controller.abort();
  await assert.rejects(spinning, Cancelled);
  await assert.rejects(bystander, (e) => e instanceof AttnError && e.code === Status.UNAVAILABLE);
  await assert.rejects(channel.request('echo', {}, { signal: controller.signal }), Cancelled, 'an aborted signal sends nothing');
  const second = await channel.request('pid');
  assert.notEqual(second, first, 'a fresh worker');
  assert.equal(started.length, 2);
  channel.terminate();
});

// The time limits below run on mocked timers: the test says when time passes, so a slow machine
// cannot end a worker early; the workers themselves are real threads.
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('the time limit: a worker silent past it is ended, its requests reject (timedOut), and it restarts unless told not to', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const fatal = [];
  const channel = new Channel({ name: 'test worker', start: () => startTestWorker(), timeoutMs: 300, onFatal: (e) => fatal.push(e) });
  assert.deepEqual(await channel.request('echo', { a: 1 }), { a: 1 });
  const spinning = channel.request('spin');
  t.mock.timers.tick(299);
  await settle();
  assert.equal(fatal.length, 0, 'not before the limit');
  t.mock.timers.tick(1);
  const error = await spinning.then(() => null, (e) => e);
  assert.ok(error instanceof AttnError);
  assert.deepEqual([error.code, error.message], [Status.UNAVAILABLE, 'The test worker stayed silent for more than 0.3 seconds, so it was stopped.']);
  assert.deepEqual(fatal, [error]);
  assert.deepEqual(await channel.request('echo', { b: 2 }), { b: 2 }, 'a fresh worker answers');
  channel.terminate();

  const once = new Channel({ name: 'test worker', start: () => startTestWorker(), timeoutMs: 300, restarts: false,
    reviveError: reviveLearnerError, timeoutMessage: (s) => `Your code ran for more than ${s} seconds.` });
  const spin = once.request('spin');
  t.mock.timers.tick(300);
  const stopped = await spin.then(() => null, (e) => e);
  assert.ok(stopped instanceof LearnerFailure);
  assert.deepEqual([stopped.code, stopped.timedOut, stopped.message], [Status.UNAVAILABLE, true, 'Your code ran for more than 0.3 seconds.']);
  await assert.rejects(once.request('echo'), (e) => e === stopped, 'not restarted');
});

test('prepare is not timed: a worker may take its time to load before the limit applies', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const loaded = deferred();
  const channel = new Channel({ name: 'test worker', start: () => startTestWorker(), timeoutMs: 300,
    prepare: async (call) => { await loaded.promise; return call('echo'); } });
  const answer = channel.request('echo', { after: 'loading' });
  t.mock.timers.tick(10_000);
  loaded.resolve();
  assert.deepEqual(await answer, { after: 'loading' });
  channel.terminate();
});

test('busy() keeps the time limit armed with no request waiting (training that falls silent)', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let training = false;
  const fatal = [];
  const channel = new Channel({ name: 'test worker', start: () => startTestWorker(), timeoutMs: 200, busy: () => training, onFatal: (e) => fatal.push(e) });
  await channel.request('echo');
  t.mock.timers.tick(1000);
  assert.equal(fatal.length, 0, 'idle and not busy: no limit');
  training = true;
  await channel.request('echo'); // answered: nothing waits now, but busy() is true
  t.mock.timers.tick(200);
  assert.equal(fatal.length, 1);
  assert.deepEqual([fatal[0].code, fatal[0].message], [Status.UNAVAILABLE, 'The test worker stayed silent for more than 0.2 seconds, so it was stopped.']);
  channel.terminate();
});

test('progress counts as speaking: the silence limit starts again at each message', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const turn = settle;
  let allowed = 0; // the steps the test has let the handler take
  const { channel, close } = inProcess({
    steps: async ({ count }, { progress }) => {
      for (let i = 1; i <= count; i++) {
        while (allowed < i) await turn();
        progress({ done: i });
      }
      return 'done';
    },
  }, { timeoutMs: 1000 });
  let done = 0;
  const answer = channel.request('steps', { count: 3 }, { onProgress: (p) => { done = p.done; } });
  for (let i = 1; i <= 3; i++) {
    t.mock.timers.tick(900); // 2,700 ms in all, but never 1,000 without a message
    allowed = i;
    while (done < i) await turn();
  }
  assert.equal(await answer, 'done');
  allowed = 0;
  const silent = channel.request('steps', { count: 1 }); // the handler waits: silence
  await turn();
  t.mock.timers.tick(1000);
  await assert.rejects(silent, (e) => e.code === Status.UNAVAILABLE && /stayed silent for more than 1 seconds/.test(e.message));
  allowed = 1; // let the handler finish
  close();
});

test('a crash rejects what waits with UNAVAILABLE and the worker’s message, calls onFatal, and the next request starts afresh', async () => {
  const fatal = [];
  const channel = new Channel({ name: 'test worker', start: () => startTestWorker(), onFatal: (e) => fatal.push(e) });
  const first = await channel.request('pid');
  const error = await channel.request('crash').then(() => null, (e) => e);
  assert.ok(error instanceof AttnError);
  assert.deepEqual([error.code, error.message], [Status.UNAVAILABLE, 'The test worker stopped: boom.']);
  assert.deepEqual(fatal, [error]);
  assert.notEqual(await channel.request('pid'), first);
  channel.terminate();
});

test('a worker that cannot be started rejects with UNAVAILABLE, and the next request tries again', async () => {
  let tries = 0;
  const channel = new Channel({ name: 'test worker', start: () => { tries++; throw new Error('workers are not allowed here'); } });
  await assert.rejects(channel.request('echo'), (e) => e.code === Status.UNAVAILABLE && e.message === 'The test worker stopped: workers are not allowed here.');
  await assert.rejects(channel.request('echo'));
  assert.equal(tries, 2);
});
