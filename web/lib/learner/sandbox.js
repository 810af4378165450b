// sandbox.js — turns a learner's source text into their attention function, inside the
// learner's worker (web/workers/learner-worker.js) or a node test, never in the page.
//
//   lockDown()                  removes the network and storage from the worker's globals (once)
//   compileLearner(source)      → fn(ops, q, k, v, { heads, layer }); throws LearnerError
//   LearnerError                { message, line, column, code }: line numbers are the editor's;
//                               code is Status.ARGUMENT (the learner's code is the bad argument)
//
// The code is parsed first (acorn), so a syntax error has its line; it must define
// `function attention(ops, q, k, v, options)`. It runs in strict mode with the worker's
// globals that reach outside (self, postMessage, fetch, …) shadowed by undefined, and it sees
// `ops` through a wrapper that explains shape errors in words.

import { parse } from 'acorn';
import { Status } from '../errors.js';

/** Globals removed from the worker before any learner code runs: no network, no storage, no workers. */
const NETWORK = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebTransport', 'EventSource', 'importScripts',
  'indexedDB', 'caches', 'Worker', 'SharedWorker', 'BroadcastChannel', 'RTCPeerConnection', 'Request'];

/** Names shadowed (as undefined parameters) in the learner's code. */
const SHADOWED = [...NETWORK, 'self', 'globalThis', 'postMessage', 'close', 'onmessage', 'addEventListener',
  'setTimeout', 'setInterval', 'queueMicrotask', 'Function', 'navigator', 'location'];

export class LearnerError extends Error {
  constructor(message, line = null, column = null) {
    super(line === null ? message : `Line ${line}: ${message}`);
    this.name = 'LearnerError';
    this.code = Status.ARGUMENT;
    this.line = line;
    this.column = column;
    this.plain = message;
  }
}

/**
 * The built-ins the check itself relies on (Math.abs, Float32Array.prototype.slice, …), frozen
 * so that learner code cannot patch them to make a wrong function pass, or break later checks.
 */
function hardenIntrinsics(extra) {
  const typedArray = Object.getPrototypeOf(Float32Array);
  const roots = [Math, JSON, Reflect, Atomics, Object, Array, Function, Number, String, Boolean, Symbol, BigInt,
    Map, Set, WeakMap, WeakSet, Promise, RegExp, Date,
    ArrayBuffer, DataView, typedArray, Float32Array, Float64Array, Int32Array, Uint8Array, Uint32Array, Int8Array,
    Int16Array, Uint16Array, Uint8ClampedArray, WebAssembly, ...extra];
  for (const root of roots) {
    if (!root) continue;
    Object.freeze(root);
    if (root.prototype) Object.freeze(root.prototype);
  }
  // Error prototypes stay writable: error classes set `this.name`, which a frozen prototype refuses.
  Object.freeze(Object.getPrototypeOf(function* () {}));
  Object.freeze(Object.getPrototypeOf([][Symbol.iterator]()));
}

/** The Function constructor, kept for compileLearner before lockDown takes it away from learners. */
const MakeFunction = Function;

/** Closes the two doors to the global object from strict code: eval and the function constructors. */
function closeEvalDoors(scope) {
  const blocked = function blocked() { throw new TypeError('Making code from text is not available here.'); };
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const f of kinds) Object.defineProperty(Object.getPrototypeOf(f), 'constructor', { value: blocked, writable: false, configurable: false });
  for (const o of [scope, Object.getPrototypeOf(scope)]) {
    if (o && Object.prototype.hasOwnProperty.call(o, 'eval')) {
      try { delete o.eval; } catch { /* shadowed below */ }
    }
  }
  try { Object.defineProperty(scope, 'eval', { value: undefined, writable: false, configurable: false }); } catch { /* gone */ }
  try { Object.defineProperty(scope, 'Function', { value: blocked, writable: false, configurable: false }); } catch { /* gone */ }
}

let locked = false;
/**
 * Deletes the network and storage APIs from this worker (on the global and its prototypes) and
 * freezes the built-ins and `extra` classes (e.g. Tensor, Tape), before any learner code runs.
 */
export function lockDown(scope = globalThis, extra = []) {
  if (locked) return;
  locked = true;
  closeEvalDoors(scope);
  hardenIntrinsics(extra);
  for (const name of NETWORK) {
    for (let o = scope; o; o = Object.getPrototypeOf(o)) {
      if (Object.prototype.hasOwnProperty.call(o, name)) {
        try { delete o[name]; } catch { /* not configurable: shadowed below */ }
      }
    }
    try { Object.defineProperty(scope, name, { value: undefined, writable: false, configurable: false }); } catch { /* already gone */ }
  }
}

/** Lines the Function constructor puts before the body ("function anonymous(…\n) {\n"), measured once. */
let headerLines = null;
function measureHeader() {
  if (headerLines !== null) return headerLines;
  try {
    new MakeFunction('"use strict";\nthrow new Error("x");')();
  } catch (error) {
    const line = frameLine(error);
    headerLines = line === null ? 2 : line - 2;
  }
  return headerLines;
}

/** The line of the first frame of Function-constructor code in an error's stack, or null. */
function frameLine(error) {
  const stack = String(error?.stack ?? '');
  const m = stack.match(/<anonymous>:(\d+):(\d+)/) ?? stack.match(/anonymous:(\d+):(\d+)/);
  return m ? Number(m[1]) : null;
}

/** The learner's line for a runtime error (or null), and the error as a LearnerError. */
export function explainRuntimeError(error) {
  const raw = frameLine(error);
  const line = raw === null ? null : raw - measureHeader() - 1; // the body starts with "use strict"
  const message = error?.message ?? String(error);
  return new LearnerError(message, line !== null && line >= 1 ? line : null);
}

/** Walks an acorn AST, calling visit(node) on every node. */
function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) value.forEach((child) => walk(child, visit));
    else if (value && typeof value.type === 'string') walk(value, visit);
  }
}

/** Parses the source; throws LearnerError with a line for a syntax error or a missing function. */
function checkSource(source) {
  if (typeof source !== 'string') throw new LearnerError('The code must be text.');
  if (source.length > 100_000) throw new LearnerError('The code is too long (more than 100,000 characters).');
  let ast;
  try {
    ast = parse(source, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
  } catch (error) {
    const message = String(error.message).replace(/\s*\(\d+:\d+\)$/, '');
    throw new LearnerError(`syntax error: ${message}.`, error.loc?.line ?? null, error.loc?.column ?? null);
  }
  walk(ast, (node) => {
    if (node.type === 'ImportExpression') throw new LearnerError('import() is not available here: your function can use only ops.', node.loc.start.line);
  });
  const defined = ast.body.some((node) => (node.type === 'FunctionDeclaration' && node.id?.name === 'attention')
    || (node.type === 'VariableDeclaration' && node.declarations.some((d) => d.id?.name === 'attention')));
  if (!defined) throw new LearnerError('Define a function called attention(ops, q, k, v, { heads }): the lab calls it by that name.');
}

/**
 * Compiles the source into the learner's attention function. The returned function wraps
 * theirs: it passes friendly ops, and rethrows errors as LearnerError with the editor's line.
 */
export function compileLearner(source) {
  checkSource(source);
  measureHeader();
  let factory;
  try {
    factory = new MakeFunction(...SHADOWED, `"use strict";\n${source}\n;return attention;`);
  } catch (error) {
    throw new LearnerError(error.message); // acorn accepted it: rare (e.g. a strict-mode rule)
  }
  let fn;
  try {
    fn = factory(...SHADOWED.map(() => undefined));
  } catch (error) {
    throw explainRuntimeError(error);
  }
  if (typeof fn !== 'function') throw new LearnerError('attention must be a function (ops, q, k, v, { heads }).');
  const learner = (ops, q, k, v, options) => {
    try {
      return fn(friendlyOps(ops), q, k, v, Object.freeze({ ...options }));
    } catch (error) {
      throw error instanceof LearnerError ? error : explainRuntimeError(error);
    }
  };
  return learner;
}

const cache = new WeakMap();
/** ops with shape errors explained before the C core refuses them. */
function friendlyOps(ops) {
  if (cache.has(ops)) return cache.get(ops);
  const shape = (x) => (x && typeof x === 'object' && 'shape' in x ? x.shape : null);
  const show = (s) => `(${s.join(', ')})`;
  const wrapped = Object.freeze({
    ...ops,
    bmm(a, b, options = {}) {
      const sa = shape(a), sb = shape(b);
      if (sa && sb && sa.length === sb.length && sa.length >= 2) {
        const n = sa.length;
        const k = options.transposeA ? sa[n - 2] : sa[n - 1];
        const bk = options.transposeB ? sb[n - 1] : sb[n - 2];
        if (k !== bk) {
          throw new Error(`bmm cannot multiply ${show(sa)} by ${show(sb)}${options.transposeB ? ' transposed' : ''}: `
            + `the inner sizes differ (${k} and ${bk}). In a·b the last size of a must equal the second-to-last size of b.`);
        }
      }
      return ops.bmm(a, b, options);
    },
  });
  cache.set(ops, wrapped);
  return wrapped;
}
