// channel.js — the one way the lab talks to a worker (or over a MessagePort): requests with ids
// answered by a result or an error, progress while a request runs, events the worker sends on
// its own, cancellation, a time limit, and crashes. Both ends are here: `serve` in the worker,
// `Channel` on the side that asks. (The design follows Comlink's: the worker exposes an object of
// functions and errors cross as errors; unlike Comlink it also ends, times out and restarts
// workers, which the learner's code needs.)
//
//   // web/workers/x-worker.js
//   serve({ square: ({ n }, { progress }) => { progress({ half: true }); return n * n; } }, { name: 'x worker' });
//
//   // the page
//   const x = new Channel({ name: 'x worker', start: () => new Worker(new URL('../workers/x-worker.js', import.meta.url), { type: 'module' }) });
//   await x.request('square', { n: 3 }, { onProgress, signal, transfer });   // → 9
//
// Messages (the wire): to the worker { type: 'request', id, method, args }; back
// { type: 'result', id, result }, { type: 'error', id, error: { name, code, message, line } },
// { type: 'progress', id, progress }, and { type: 'event', event } (not tied to a request).
//
// Errors: every error crosses with a real Status (never OK): an AttnError keeps its code, an
// unknown request is ARGUMENT, an error that carries no Status is UNAVAILABLE. A worker that
// crashes, stays silent past the time limit, or is cancelled is ended; every request waiting on
// it is rejected (Cancelled for the one cancelled, UNAVAILABLE for the rest), and the next
// request starts a fresh worker (unless `restarts: false`).

import { AttnError, Status } from './errors.js';

/** The rejection of a request whose AbortSignal fired (its worker was ended). */
export class Cancelled extends Error {
  constructor(message = 'Cancelled.') {
    super(message);
    this.name = 'Cancelled';
  }
}

const transfers = new WeakMap();

/** Marks `value` (a result, progress or event) to be sent with `list` transferred, not copied. */
export function transfer(value, list) {
  transfers.set(value, list);
  return value;
}

const transferList = (value) => (value !== null && typeof value === 'object' ? transfers.get(value) ?? [] : []);

const STATUSES = new Set(Object.values(Status));

/** An error as it crosses: its class name, a real Status, its sentence, and a learner's line. */
export function errorToWire(error) {
  const code = STATUSES.has(error?.code) && error.code !== Status.OK ? error.code : Status.UNAVAILABLE;
  const message = typeof error?.message === 'string' ? error.message : String(error);
  return { name: typeof error?.name === 'string' ? error.name : 'Error', code, message, line: Number.isInteger(error?.line) ? error.line : null };
}

/** The default way an error comes back to life on the asking side. */
const toAttnError = (wire) => new AttnError(wire.code, wire.message);

// ---------------------------------------------------------------- the worker's end

/**
 * Answers requests arriving at `endpoint` (the worker's global scope, or a MessagePort) with
 * `handlers[method](args, { progress, emit })`, sync or async. `handlers` may also be a function
 * of `{ emit }` that returns them, for handlers that send events. Returns `{ emit }`.
 */
export function serve(handlers, { endpoint = globalThis, name = 'worker' } = {}) {
  const post = endpoint.postMessage.bind(endpoint); // kept: the learner's worker later hides globals
  const emit = (event) => post({ type: 'event', event }, transferList(event));
  const table = typeof handlers === 'function' ? handlers({ emit }) : handlers;
  endpoint.addEventListener('message', async ({ data }) => {
    if (data?.type !== 'request') return;
    const { id, method, args } = data;
    const progress = (value) => post({ type: 'progress', id, progress: value }, transferList(value));
    try {
      if (typeof method !== 'string' || !Object.hasOwn(table, method)) {
        throw new AttnError(Status.ARGUMENT, `The ${name} has no request ${JSON.stringify(String(method))}; it answers ${Object.keys(table).join(', ')}.`);
      }
      const result = await table[method](args ?? {}, { progress, emit });
      post({ type: 'result', id, result }, transferList(result));
    } catch (error) {
      post({ type: 'error', id, error: errorToWire(error) });
    }
  });
  endpoint.start?.();
  return { emit };
}

// ---------------------------------------------------------------- the asking end

export class Channel {
  #options;
  #endpoint = null;     // the worker (or port) now answering, or null
  #ready = null;        // null, or a promise: `prepare` still running on #endpoint
  #closed = null;       // the error every request gets once the channel cannot restart
  #pending = new Map(); // id → { resolve, reject, onProgress, timed, forget }
  #nextId = 1;
  #timer = null;

  /**
   * Options:
   *   name            how messages name the worker ("training worker")
   *   start()         makes the Worker (lazily, and again after it was ended); or
   *   endpoint        a MessagePort (or worker) to use as it is, never restarted
   *   onEvent(event)  the worker's own events
   *   prepare(call)   run on each fresh worker before any request; `call(method, args, transfer)`
   *                   sends a request without the time limit (loading is not the learner's code)
   *   timeoutMs       the longest the worker may stay silent while a timed request waits (or
   *                   while busy() is true); then it is ended. 0: no limit
   *   busy()          true while the worker is expected to speak without a request (training)
   *   reviveError(w)  makes the page's error from the wire { name, code, message, line, timedOut }
   *   onFatal(error)  after a crash or a time limit ended the worker
   *   restarts        false: after a crash or a time limit, every request gets that error
   *   timeoutMessage(seconds), crashMessage(detail): the sentences of those two
   */
  constructor(options) {
    const name = options.name ?? 'worker';
    this.#options = {
      name, start: null, endpoint: null, onEvent: () => {}, prepare: null, busy: () => false,
      reviveError: toAttnError, onFatal: () => {}, restarts: true,
      timeoutMessage: (seconds) => `The ${name} stayed silent for more than ${seconds} seconds, so it was stopped.`,
      crashMessage: (detail) => `The ${name} stopped: ${detail || 'it could not be loaded'}.`,
      ...options,
    };
    this.timeoutMs = options.timeoutMs ?? 0;
  }

  /**
   * Sends `method(args)`; resolves with its result or rejects with an AttnError (or Cancelled).
   * When the worker is up, the request is posted before this returns (data parallel relies on
   * it: the other half of a batch starts while this one is computed).
   */
  request(method, args = {}, options = {}) {
    const { transfer: list = [], onProgress = null, signal = null } = options;
    if (signal?.aborted) return Promise.reject(new Cancelled());
    const waiting = this.#whenReady(); // and once it is ready, ask again: it may have been ended since
    if (waiting) return waiting.then(() => this.request(method, args, options));
    return this.#send(method, args, list, { onProgress, signal, timed: this.timeoutMs > 0 });
  }

  /**
   * Ends the worker; waiting requests are rejected with `error` (by default, "was stopped"). The
   * next request starts a fresh worker (a channel over a given endpoint is closed for good).
   */
  terminate(error = this.#stopError(`The ${this.#options.name} was stopped.`)) {
    this.#end(error);
    if (this.#options.endpoint) this.#closed = error;
  }

  /** null when the worker can take a request now; else a promise of that moment. */
  #whenReady() {
    if (this.#closed) return Promise.reject(this.#closed);
    if (!this.#endpoint) this.#open();
    return this.#ready;
  }

  /** Starts the worker (or takes the given endpoint), listens to it, and runs `prepare`. */
  #open() {
    const { start, endpoint, prepare } = this.#options;
    let target;
    try {
      target = endpoint ?? start();
    } catch (error) {
      this.#ready = Promise.reject(this.#stopError(this.#options.crashMessage(error.message)));
      return;
    }
    this.#endpoint = target;
    target.addEventListener('message', (event) => { if (this.#endpoint === target) this.#onMessage(event.data); });
    target.addEventListener('error', (event) => {
      event.preventDefault?.();
      if (this.#endpoint === target) this.#fatal(this.#stopError(this.#options.crashMessage(event.message)));
    });
    target.start?.();
    this.#ready = null;
    if (!prepare) return;
    const call = (method, args = {}, list = []) => this.#send(method, args, list, { timed: false });
    const ready = Promise.resolve().then(() => prepare(call)).then(() => {
      if (this.#ready === ready) this.#ready = null;
    }, (error) => {
      if (this.#endpoint === target) this.#end(error);
      throw error;
    });
    this.#ready = ready;
  }

  #send(method, args, list, { onProgress = null, signal = null, timed }) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject, onProgress, timed, forget: () => {} };
      if (signal) {
        const abort = () => this.#cancel(id);
        signal.addEventListener('abort', abort, { once: true });
        waiter.forget = () => signal.removeEventListener('abort', abort);
      }
      this.#pending.set(id, waiter);
      try {
        this.#endpoint.postMessage({ type: 'request', id, method, args }, list);
      } catch (error) { // e.g. an argument that cannot be cloned
        this.#settle(id)?.reject(new AttnError(Status.ARGUMENT, `The ${this.#options.name} cannot be sent this request: ${error.message}`));
        return;
      }
      this.#arm();
    });
  }

  #onMessage(data) {
    if (!data || typeof data !== 'object') return;
    if (data.type === 'event') this.#options.onEvent(data.event);
    else if (data.type === 'progress') this.#pending.get(data.id)?.onProgress?.(data.progress);
    else if (data.type === 'result') this.#settle(data.id)?.resolve(data.result);
    else if (data.type === 'error') this.#settle(data.id)?.reject(this.#options.reviveError(data.error));
    this.#arm(); // the worker spoke: the silence starts again
  }

  /** Removes a waiting request and returns it (undefined if it was not waiting). */
  #settle(id) {
    const waiter = this.#pending.get(id);
    if (!waiter) return undefined;
    this.#pending.delete(id);
    waiter.forget();
    return waiter;
  }

  /** Cancelling ends the worker (a busy worker cannot read a message); it restarts when next asked. */
  #cancel(id) {
    const waiter = this.#settle(id);
    if (!waiter) return;
    waiter.reject(new Cancelled());
    if (this.#options.start) this.#end(this.#stopError(`The ${this.#options.name} was stopped (another request was cancelled).`));
  }

  /** (Re)starts the silence timer while a timed request waits or the worker is busy. */
  #arm() {
    clearTimeout(this.#timer);
    this.#timer = null;
    if (!this.timeoutMs || !this.#endpoint) return;
    const waiting = [...this.#pending.values()].some((w) => w.timed) || this.#options.busy();
    if (!waiting) return;
    const seconds = this.timeoutMs / 1000;
    this.#timer = setTimeout(() => this.#fatal(this.#stopError(this.#options.timeoutMessage(seconds), { timedOut: true })), this.timeoutMs);
  }

  #stopError(message, { timedOut = false } = {}) {
    return this.#options.reviveError({ name: 'WorkerStopped', code: Status.UNAVAILABLE, message, line: null, timedOut });
  }

  #fatal(error) {
    this.#end(error);
    if (!this.#options.restarts || this.#options.endpoint) this.#closed = error;
    this.#options.onFatal(error);
  }

  /** Ends the worker (when the channel started it) and rejects everything waiting with `error`. */
  #end(error) {
    clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#options.start) this.#endpoint?.terminate?.();
    this.#endpoint = null;
    this.#ready = null;
    for (const id of [...this.#pending.keys()]) this.#settle(id).reject(error);
  }
}
