// api/autograd.js — the C autograd tape from JavaScript: a Tape holding a C handle, Tensors
// naming its nodes, and `ops`, one function per differentiable C op. Every op runs in C (its
// backward too); JS only names tensors. A learner's attention function is written against
// `ops` (see ../model/builtin-attention.js).
//
//   const tape = attn.createTape();
//   const w = tape.param([3, 2], Float32Array.of(...));
//   const y = tape.ops.softmax(tape.ops.matmul(tape.input([4, 3], x), w), -1);
//   tape.backward(loss); w.grad  // Float32Array

import { AttnError, Status } from '../errors.js';
import { MAX_ELEMENTS, TAPE_MAX_DIMS as MAX_DIMS } from '../abi.js';
import { Out } from '../out.js';
import * as check from '../validate.js';

const ID = Out.i32('id'); // the node id an op or a leaf writes

/** A tensor on a tape: an id, a shape, and copies of its values and gradient on request. */
export class Tensor {
  constructor(tape, id) {
    this.tape = tape;
    this.id = id;
  }

  /** The shape, e.g. [B, H, T, D]. */
  get shape() { return this.tape.shapeOf(this.id); }
  get size() { return this.shape.reduce((a, b) => a * b, 1); }
  /** A copy of the values. */
  get data() { return this.tape.read('attn_tape_data', this.id); }
  /** A copy of the gradient (after backward). */
  get grad() { return this.tape.read('attn_tape_grad', this.id); }
  /** Overwrites the values (parameters and inputs). */
  set data(values) { this.tape.write(this.id, values); }
}

/** The whitelisted ops a learner's code may call: each maps to one C op on the tape. */
function makeOps(tape) {
  const t = (x, name) => tape.tensorArg(x, name);
  return Object.freeze({
    matmul: (a, w, options) => {
      const { transposeB = false } = check.options('matmul', options);
      return tape.op('attn_tape_matmul', 'matmul', t(a, 'a'), t(w, 'w'), flag(transposeB, 'transposeB'));
    },
    bmm: (a, b, options) => {
      const { transposeA = false, transposeB = false } = check.options('bmm', options);
      return tape.op('attn_tape_bmm', 'bmm', t(a, 'a'), t(b, 'b'), flag(transposeA, 'transposeA'), flag(transposeB, 'transposeB'));
    },
    add: (a, b) => tape.op('attn_tape_add', 'add', t(a, 'a'), t(b, 'b')),
    scale: (a, s) => tape.op('attn_tape_scale', 'scale', t(a, 'a'), finite(s, 's')),
    causalMask: (a, fill = -Infinity) => tape.op('attn_tape_causal_mask', 'causalMask', t(a, 'a'), maskFill(fill)),
    softmax: (a, axis = -1) => tape.op('attn_tape_softmax', 'softmax', t(a, 'a'), whole(axis, 'axis')),
    splitHeads: (a, heads) => tape.op('attn_tape_split_heads', 'splitHeads', t(a, 'a'), check.size('heads', heads)),
    mergeHeads: (a) => tape.op('attn_tape_merge_heads', 'mergeHeads', t(a, 'a')),
    layerNorm: (x, gamma, beta) => tape.op('attn_tape_layernorm', 'layerNorm', t(x, 'x'), t(gamma, 'gamma'), t(beta, 'beta')),
    gelu: (a) => tape.op('attn_tape_gelu', 'gelu', t(a, 'a')),
  });
}

function flag(value, name) { return check.flag(name, value, false) ? 1 : 0; }
function finite(value, name) {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new AttnError(Status.VALUE, `${name} must be a finite number, but it is ${check.describe(value)}.`);
  return value;
}
function whole(value, name) {
  if (!Number.isInteger(value)) throw new AttnError(Status.TYPE, `${name} must be a whole number, but it is ${check.describe(value)}.`);
  if (Math.abs(value) > MAX_DIMS) throw new AttnError(Status.ARGUMENT, `${name} must be between -${MAX_DIMS} and ${MAX_DIMS - 1} (a tensor has at most ${MAX_DIMS} dimensions), but it is ${check.describe(value)}.`);
  return value;
}
function maskFill(value) {
  if (typeof value !== 'number' || !(value === -Infinity || Number.isFinite(value))) {
    throw new AttnError(Status.VALUE, `fill must be -Infinity or a finite number, but it is ${check.describe(value)}.`);
  }
  return value;
}
/** The C functions `read` may call: each returns a pointer to a tensor's floats. */
const READERS = new Set(['attn_tape_data', 'attn_tape_grad']);

/**
 * A reverse-mode tape in C, behind a heap handle (attn.js): one createTape made and frees, or a
 * model's own (adopted: the model frees it).
 */
export class Tape {
  constructor(core, heap) {
    this.core = core;
    this.heap = heap;
    this.ops = makeOps(this);
  }

  #live() {
    this.heap.live();
  }

  tensorArg(x, name) {
    if (!(x instanceof Tensor) || x.tape !== this) {
      throw new AttnError(Status.TYPE, `${name} must be a tensor of this tape, but it is ${x instanceof Tensor ? 'a tensor of another tape' : check.describe(x)}.`);
    }
    return x.id;
  }

  /** Calls an op `fn(out, tape, ...args)`; returns the new Tensor. */
  op(fn, name, ...args) {
    this.#live();
    if (typeof fn !== 'string' || !fn.startsWith('attn_tape_') || typeof this.core.exports[fn] !== 'function') {
      throw new AttnError(Status.ARGUMENT, `${typeof fn === 'string' ? fn : check.describe(fn)} is not an op of the tape.`);
    }
    return new Tensor(this, this.heap.call(name, fn, ID, this.heap.pointer, ...args).id);
  }

  /** A parameter (before any op, or after a reset) of `shape`, with optional initial values. */
  param(shape, values, options) {
    this.#live();
    const decay = check.flag('decay', check.options('param', options).decay, false);
    const dims = checkShape(shape);
    if (values !== undefined) check.tensor('values', values, dims.reduce((a, b) => a * b, 1), { shape: dims.join('·') });
    const { id } = this.core.run((scope) => {
      try {
        return this.heap.call('param', 'attn_tape_param', ID, this.heap.pointer, dims.length, scope.i32(dims), decay ? 1 : 0);
      } catch (error) {
        if (error.code !== Status.ARGUMENT) throw error;
        throw new AttnError(error.code, 'param: parameters must be made before any input or op on the tape (or after reset()).');
      }
    });
    const tensor = new Tensor(this, id);
    if (values !== undefined) tensor.data = values;
    return tensor;
  }

  /** A constant input tensor of `shape` holding `values`. */
  input(shape, values) {
    this.#live();
    const dims = checkShape(shape);
    const x = check.tensor('values', values, dims.reduce((a, b) => a * b, 1), { shape: dims.join('·') });
    return this.core.run((scope) => new Tensor(this, this.heap.call('input', 'attn_tape_input', ID, this.heap.pointer, scope.f32(x), dims.length, scope.i32(dims)).id));
  }

  /** Token embedding lookup: table (V, C), tokens (b·t) → (b, t, C). */
  embedding(table, tokens, b, t) {
    this.#live();
    const tableId = this.tensorArg(table, 'table');
    check.size('b', b);
    check.size('t', t);
    const shape = this.shapeOf(tableId);
    if (shape.length !== 2) throw new AttnError(Status.SHAPE, `table must be a (V, C) matrix, but its shape is (${shape.join(', ')}).`);
    if (b * t > 2 ** 28) throw new AttnError(Status.OVERFLOW, `b·t = ${b * t} tokens is too many for one batch.`);
    const ids = check.ids('tokens', tokens, shape[0], undefined);
    if (ids.length !== b * t) throw new AttnError(Status.LENGTH, `tokens must hold b·t = ${b * t} ids, but it holds ${ids.length}.`);
    return this.core.run((scope) => this.op('attn_tape_embedding', 'embedding', tableId, scope.i32(ids), b, t));
  }

  /** Mean cross-entropy of logits (..., V) against integer targets → a tensor of shape [1]. */
  crossEntropy(logits, targets) {
    this.#live();
    const id = this.tensorArg(logits, 'logits');
    const shape = this.shapeOf(id);
    const vocab = shape[shape.length - 1];
    const rows = shape.reduce((a, b) => a * b, 1) / vocab;
    const ids = check.ids('targets', targets, vocab, rows);
    return this.core.run((scope) => this.op('attn_tape_cross_entropy', 'crossEntropy', id, scope.i32(ids)));
  }

  /** Backpropagates from `root` (seed: d loss / d root, default ones). */
  backward(root, seed) {
    this.#live();
    const id = this.tensorArg(root, 'root');
    this.core.run((scope) => {
      const seedPointer = seed ? scope.f32(check.tensor('seed', seed, root.size)) : 0;
      this.heap.call('backward', 'attn_tape_backward', this.heap.pointer, id, seedPointer);
    });
  }

  zeroGrad() { this.heap.call('zeroGrad', 'attn_tape_zero_grad', this.heap.pointer); }
  reset() { this.heap.call('reset', 'attn_tape_reset', this.heap.pointer); }

  shapeOf(id) {
    this.#live();
    nodeId(id);
    const { ndim, dims } = this.heap.call('shape', 'attn_tape_shape', Out.i32('ndim'), Out.i32('dims', MAX_DIMS), Out.i32('size'), this.heap.pointer, id);
    return Array.from(dims.subarray(0, ndim));
  }

  read(fn, id) {
    this.#live();
    if (!READERS.has(fn)) throw new AttnError(Status.ARGUMENT, `read takes 'attn_tape_data' or 'attn_tape_grad', but it was given ${check.describe(fn)}.`);
    nodeId(id);
    const { floats } = this.heap.call('read', fn, Out.ptr('floats'), this.heap.pointer, id);
    const size = this.shapeOf(id).reduce((a, b) => a * b, 1);
    return this.heap.read(floats, Float32Array, size);
  }

  write(id, values) {
    this.#live();
    nodeId(id);
    const size = this.shapeOf(id).reduce((a, b) => a * b, 1);
    const x = check.tensor('values', values, size);
    const { data } = this.heap.call('write', 'attn_tape_data', Out.ptr('data'), this.heap.pointer, id);
    this.heap.write(data, x);
  }

  /** Frees the tape (unless a model owns it) and its scratch; later calls throw. Calling it twice is harmless. */
  dispose() {
    this.heap.dispose();
  }
}

/** A tensor's id on its tape: a whole number from 0 (the C core checks it exists). */
function nodeId(id) {
  if (!Number.isInteger(id) || id < 0 || id > 2 ** 31 - 1) {
    throw new AttnError(Status.TYPE, `A tensor id must be a whole number from 0, but it is ${check.describe(id)}.`);
  }
}

function checkShape(shape) {
  if (!Array.isArray(shape) || shape.length < 1 || shape.length > MAX_DIMS) {
    throw new AttnError(Status.TYPE, `shape must be an array of 1 to ${MAX_DIMS} sizes, but it is ${check.describe(shape)}.`);
  }
  const dims = shape.map((d, i) => check.size(`shape[${i}]`, d));
  if (dims.reduce((a, b) => a * b, 1) > MAX_ELEMENTS) {
    throw new AttnError(Status.OVERFLOW, `shape (${dims.join('·')}) is too large: the tensor would not fit in memory.`);
  }
  return dims;
}

/** attn.createTape(): an empty tape (dispose() frees it). */
export function createTape(core) {
  const heap = core.handle({ noun: 'tape' }).create('createTape', 'attn_tape_create', 'attn_tape_free');
  return new Tape(core, heap);
}
