// transformer.mjs — an independent double-precision forward pass of the lab's character
// transformer, for tests/wasm/reference-train.test.mjs.
//
// The architecture, from the chapter and the lab's description: token and learned position
// embeddings; L pre-LayerNorm blocks, each x + proj(causal multi-head attention(ln1(x))) then
// x + W2·GELU(W1·ln2(x)); a final LayerNorm; a linear head to the vocabulary. LayerNorm uses
// ε = 1e-5 on the biased variance; GELU is the tanh approximation. Linear layers are x·W + b with
// W stored (in, out).
//
// The weights are read from the bytes of a saved .attnlab file by the little parser below:
// "ATTNLAB1", a uint32 header length, the JSON header, zero padding to 4 bytes, float32 weights
// (each tensor padded to a multiple of 4 floats, in the order listed in `tensors`), a checksum.
// From version 2, a header with `optimizer` is followed by two more blocks of the same size
// (AdamW's moments) after the weights; the forward pass reads only the first block.

export function readWeightsFile(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 8));
  if (magic !== 'ATTNLAB1') throw new Error('not a weights file');
  const length = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length)));
  const start = Math.ceil((12 + length) / 4) * 4;
  const count = (bytes.length - 4 - start) / 4;
  const floats = new Float64Array(count);
  for (let i = 0; i < count; i++) floats[i] = view.getFloat32(start + 4 * i, true);
  return { header, floats };
}

/** Names and shapes of the weights in file order. */
function tensors(layers, c, t, v) {
  const list = [['tok', v, c], ['pos', t, c]];
  for (let l = 0; l < layers; l++) {
    list.push([`${l}.ln1_g`, 1, c], [`${l}.ln1_b`, 1, c],
      [`${l}.wq`, c, c], [`${l}.bq`, 1, c], [`${l}.wk`, c, c], [`${l}.bk`, 1, c],
      [`${l}.wv`, c, c], [`${l}.bv`, 1, c], [`${l}.wo`, c, c], [`${l}.bo`, 1, c],
      [`${l}.ln2_g`, 1, c], [`${l}.ln2_b`, 1, c],
      [`${l}.fc`, c, 4 * c], [`${l}.bfc`, 1, 4 * c], [`${l}.proj`, 4 * c, c], [`${l}.bproj`, 1, c]);
  }
  list.push(['lnf_g', 1, c], ['lnf_b', 1, c], ['head_w', c, v], ['head_b', 1, v]);
  return list;
}

/** Where each weight tensor starts in the file's block: [name, start, rows, cols] in order, and the block's length. */
export function layout(layers, c, t, v) {
  const entries = [];
  let at = 0;
  for (const [name, rows, cols] of tensors(layers, c, t, v)) {
    entries.push([name, at, rows, cols]);
    at += Math.ceil((rows * cols) / 4) * 4;
  }
  return { entries, length: at };
}

export function unpack(header, floats) {
  const { layers, heads, dModel: c, context: t } = header.config;
  const v = header.vocab.length;
  const w = {};
  const { entries, length: at } = layout(layers, c, t, v);
  for (const [name, start, rows, cols] of entries) w[name] = floats.subarray(start, start + rows * cols);
  const blocks = header.version >= 2 && header.optimizer ? 3 : 1;
  if (at * blocks !== floats.length) throw new Error(`the weights do not fit the config: ${at} × ${blocks} vs ${floats.length}`);
  return { w, layers, heads, c, t, v };
}

function linear(x, rows, inDim, outDim, weight, bias) {
  const y = new Float64Array(rows * outDim);
  for (let r = 0; r < rows; r++) {
    for (let o = 0; o < outDim; o++) {
      let s = bias[o];
      for (let i = 0; i < inDim; i++) s += x[r * inDim + i] * weight[i * outDim + o];
      y[r * outDim + o] = s;
    }
  }
  return y;
}

function layerNorm(x, rows, c, gamma, beta) {
  const y = new Float64Array(rows * c);
  for (let r = 0; r < rows; r++) {
    let mean = 0;
    for (let i = 0; i < c; i++) mean += x[r * c + i];
    mean /= c;
    let variance = 0;
    for (let i = 0; i < c; i++) variance += (x[r * c + i] - mean) ** 2;
    variance /= c;
    const inv = 1 / Math.sqrt(variance + 1e-5);
    for (let i = 0; i < c; i++) y[r * c + i] = (x[r * c + i] - mean) * inv * gamma[i] + beta[i];
  }
  return y;
}

const gelu = (x) => 0.5 * x * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (x + 0.044715 * x ** 3)));

/**
 * Forward pass over one sequence of token ids (length ≤ context). With `knockout` ({ layer, head,
 * replacement: (D) numbers, or null for zeros }), that head's output is replaced before W^O.
 * With `patch` (activation patching), one activation is taken from another run's `heads` or
 * `residual` (what forward returned for it): { layer, head, from: heads } puts head `head`'s
 * columns of layer `layer`'s joined head output, at every position, in place before W^O;
 * { layer, position, from: residual } puts the residual stream leaving block `layer` at
 * `position` in place.
 * @returns {{ logits: Float64Array (T, V), maps: Float64Array (L, H, T, T), heads: Float64Array[] (L) of (T, C),
 *             residual: Float64Array[] (L) of (T, C), the residual stream leaving each block,
 *             keys: Float64Array[] and values: Float64Array[], each layer's (T, C): what a KV cache holds }}
 */
export function forward(model, ids, { knockout = null, patch = null } = {}) {
  const { w, layers, heads, c, v } = model;
  const T = ids.length, dh = c / heads;
  let x = new Float64Array(T * c);
  for (let p = 0; p < T; p++) for (let i = 0; i < c; i++) x[p * c + i] = w.tok[ids[p] * c + i] + w.pos[p * c + i];
  const maps = new Float64Array(layers * heads * T * T);
  const keys = [], values = [];
  const outputs = [], residual = [];
  for (let l = 0; l < layers; l++) {
    const a = layerNorm(x, T, c, w[`${l}.ln1_g`], w[`${l}.ln1_b`]);
    const q = linear(a, T, c, c, w[`${l}.wq`], w[`${l}.bq`]);
    const k = linear(a, T, c, c, w[`${l}.wk`], w[`${l}.bk`]);
    const vv = linear(a, T, c, c, w[`${l}.wv`], w[`${l}.bv`]);
    keys.push(k);
    values.push(vv);
    const y = new Float64Array(T * c);
    for (let h = 0; h < heads; h++) {
      for (let i = 0; i < T; i++) {
        // Causal: query i sees keys 0..i.
        const scores = [];
        for (let j = 0; j <= i; j++) {
          let s = 0;
          for (let d = 0; d < dh; d++) s += q[i * c + h * dh + d] * k[j * c + h * dh + d];
          scores.push(s / Math.sqrt(dh));
        }
        const max = Math.max(...scores);
        const e = scores.map((s) => Math.exp(s - max));
        const sum = e.reduce((p, q2) => p + q2, 0);
        for (let j = 0; j <= i; j++) {
          const p = e[j] / sum;
          maps[((l * heads + h) * T + i) * T + j] = p;
          for (let d = 0; d < dh; d++) y[i * c + h * dh + d] += p * vv[j * c + h * dh + d];
        }
      }
    }
    if (knockout?.layer === l) {
      for (let i = 0; i < T; i++) for (let d = 0; d < dh; d++) y[i * c + knockout.head * dh + d] = knockout.replacement?.[d] ?? 0;
    }
    if (patch?.head !== undefined && patch.layer === l) {
      for (let i = 0; i < T; i++) for (let d = 0; d < dh; d++) y[i * c + patch.head * dh + d] = patch.from[l][i * c + patch.head * dh + d];
    }
    outputs.push(y);
    const proj = linear(y, T, c, c, w[`${l}.wo`], w[`${l}.bo`]);
    const x1 = x.map((value, i) => value + proj[i]);
    const b = layerNorm(x1, T, c, w[`${l}.ln2_g`], w[`${l}.ln2_b`]);
    const hidden = linear(b, T, c, 4 * c, w[`${l}.fc`], w[`${l}.bfc`]).map(gelu);
    const mlp = linear(hidden, T, 4 * c, c, w[`${l}.proj`], w[`${l}.bproj`]);
    x = x1.map((value, i) => value + mlp[i]);
    if (patch?.position !== undefined && patch.layer === l) {
      for (let i = 0; i < c; i++) x[patch.position * c + i] = patch.from[l][patch.position * c + i];
    }
    residual.push(x);
  }
  const f = layerNorm(x, T, c, w.lnf_g, w.lnf_b);
  return { logits: linear(f, T, c, v, w.head_w, w.head_b), maps, heads: outputs, residual, keys, values };
}

/** Mean cross-entropy (nats) of predicting ids[1..] from ids[..−1] inside one window (forward's options apply). */
export function windowLoss(model, window, targets, options) {
  const { logits } = forward(model, window, options);
  const v = model.v;
  let total = 0;
  for (let p = 0; p < window.length; p++) {
    const row = Array.from(logits.subarray(p * v, (p + 1) * v));
    const max = Math.max(...row);
    const logSum = max + Math.log(row.reduce((s, z) => s + Math.exp(z - max), 0));
    total += logSum - row[targets[p]];
  }
  return total / window.length;
}

/**
 * Activation patching in double precision (as c/src/patch.c defines it): the metric
 * logit(good) − logit(bad) at the last position of the clean and the corrupted run, and the share
 * of their gap each component restores, patched from the clean run into the corrupted one.
 * over 'heads': (L·H) shares, head h of layer l at l·H + h; 'positions': (L·T), the residual
 * stream leaving block l at position p at l·T + p.
 */
export function patchShares(model, clean, corrupted, good, bad, over) {
  const t = clean.length, v = model.v;
  const metric = (logits) => logits[(t - 1) * v + good] - logits[(t - 1) * v + bad];
  const cleanRun = forward(model, clean);
  const cleanMetric = metric(cleanRun.logits), corruptedMetric = metric(forward(model, corrupted).logits);
  const perLayer = over === 'heads' ? model.heads : t;
  const restored = new Float64Array(model.layers * perLayer);
  for (let i = 0; i < restored.length; i++) {
    const layer = Math.floor(i / perLayer), index = i % perLayer;
    const patch = over === 'heads' ? { layer, head: index, from: cleanRun.heads } : { layer, position: index, from: cleanRun.residual };
    restored[i] = (metric(forward(model, corrupted, { patch }).logits) - corruptedMetric) / (cleanMetric - corruptedMetric);
  }
  return { restored, clean: cleanMetric, corrupted: corruptedMetric };
}
