// attention.mjs — independent double-precision references for the numbers the widgets show.
//
// Written from the chapter's formulas, as plainly as possible: JavaScript numbers (float64),
// nested loops, no shared code with web/lib or c/. The tests in tests/wasm/reference-*.test.mjs
// feed the same inputs to the core and to these functions and compare.
//
// Layout: every matrix is a flat array in row-major order; (n, m) means n rows of m entries.

/** c = a·b for a (n, k) and b (k, m); or a·bᵀ when b is given as (m, k) and transposeB. */
export function matmul(a, b, n, k, m, { transposeB = false } = {}) {
  const c = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      let sum = 0;
      for (let p = 0; p < k; p++) sum += a[i * k + p] * (transposeB ? b[j * k + p] : b[p * m + j]);
      c[i * m + j] = sum;
    }
  }
  return c;
}

/** softmax of one row; a row with every entry −∞ gives NaN (nothing to normalise). */
export function softmax(row) {
  const max = Math.max(...row);
  if (max === -Infinity) return row.map(() => NaN);
  const exps = row.map((x) => Math.exp(x - max));
  const sum = exps.reduce((s, e) => s + e, 0);
  return exps.map((e) => e / sum);
}

/** The additive masks of §6.4: 0 = may look, −∞ = may not. */
export function mask(kind, n, { m = n, window = 1, length = m } = {}) {
  const out = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      let blocked = false;
      if (kind === 'causal') blocked = j > i;
      else if (kind === 'window') blocked = j > i || j <= i - window; // itself and window − 1 before
      else if (kind === 'padding') blocked = j >= length; // keys past the real length are padding
      out[i * m + j] = blocked ? -Infinity : 0;
    }
  }
  return out;
}

/**
 * Scaled dot-product attention, softmax(Q·Kᵀ/√dk + M)·V, with every intermediate.
 * q (n, dk), k (m, dk), v (m, dv); maskValues (n, m) or null.
 */
export function attention({ q, k, v, n, m, dk, dv, scale = true, maskValues = null }) {
  const scores = matmul(q, k, n, dk, m, { transposeB: true });
  const factor = scale ? 1 / Math.sqrt(dk) : 1;
  const scaled = scores.map((s) => s * factor);
  const masked = maskValues ? scaled.map((s, i) => s + maskValues[i]) : scaled.slice();
  const weights = new Float64Array(n * m);
  let emptyRows = 0;
  for (let i = 0; i < n; i++) {
    const w = softmax(Array.from(masked.subarray(i * m, (i + 1) * m)));
    if (w.some(Number.isNaN)) emptyRows += 1;
    weights.set(w, i * m);
  }
  const out = matmul(weights, v, n, m, dv);
  return { scores, scaled, masked, weights, out, emptyRows };
}

/** Each row's sum and entropy −Σ p ln p in nats (0·ln 0 = 0). */
export function rowStats(weights, n, m) {
  const sums = [], entropy = [];
  for (let i = 0; i < n; i++) {
    let s = 0, h = 0;
    for (let j = 0; j < m; j++) {
      const p = weights[i * m + j];
      s += p;
      if (p > 0) h -= p * Math.log(p);
      else if (Number.isNaN(p)) h = NaN;
    }
    sums.push(s);
    entropy.push(h);
  }
  return { sums, entropy };
}

/** Keys each row may see, and ln k (the entropy of k equal weights). */
export function allowedKeys(maskValues, n, m) {
  const allowed = [];
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let j = 0; j < m; j++) if (maskValues[i * m + j] === 0) count++;
    allowed.push(count);
  }
  return { allowed, lnK: allowed.map((c) => (c > 0 ? Math.log(c) : NaN)) };
}

/** Sinusoidal positions: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(same). */
export function sinusoidal(n, d, offset = 0) {
  const pe = new Float64Array(n * d);
  for (let r = 0; r < n; r++) {
    const pos = offset + r;
    for (let c = 0; c < d; c++) {
      const i = Math.floor(c / 2);
      const angle = pos / Math.pow(10000, (2 * i) / d);
      pe[r * d + c] = c % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
    }
  }
  return pe;
}

/** Rotary positions: pair (2i, 2i+1) of row r turns by (offset + r)·10000^(−2i/d). */
export function rotary(x, n, d, offset = 0) {
  const out = new Float64Array(n * d);
  for (let r = 0; r < n; r++) {
    for (let i = 0; i < d / 2; i++) {
      const theta = (offset + r) * Math.pow(10000, (-2 * i) / d);
      const a = x[r * d + 2 * i], b = x[r * d + 2 * i + 1];
      out[r * d + 2 * i] = a * Math.cos(theta) - b * Math.sin(theta);
      out[r * d + 2 * i + 1] = a * Math.sin(theta) + b * Math.cos(theta);
    }
  }
  return out;
}

/** Self-attention of x (n, d) with projections (d, d) and a choice of positions. */
export function selfAttention({ x, wq, wk, wv, n, d, positions = 'none', maskValues = null, offset = 0 }) {
  let input = Float64Array.from(x);
  if (positions === 'sinusoidal') {
    const pe = sinusoidal(n, d, offset);
    input = input.map((value, i) => value + pe[i]);
  }
  let q = matmul(input, wq, n, d, d), k = matmul(input, wk, n, d, d);
  const v = matmul(input, wv, n, d, d);
  if (positions === 'rotary') {
    q = rotary(q, n, d, offset);
    k = rotary(k, n, d, offset);
  }
  const { out } = attention({ q, k, v, n, m: n, dk: d, dv: d, maskValues });
  return { out, q, k, v };
}

/** Multi-head attention: heads slices of width d/heads, joined in head order, times W^O. */
export function multiHead({ x, n, dModel, heads, wq, wk, wv, wo, maskValues = null }) {
  const dh = dModel / heads;
  const q = matmul(x, wq, n, dModel, dModel), k = matmul(x, wk, n, dModel, dModel), v = matmul(x, wv, n, dModel, dModel);
  const slice = (t, h) => {
    const s = new Float64Array(n * dh);
    for (let i = 0; i < n; i++) for (let c = 0; c < dh; c++) s[i * dh + c] = t[i * dModel + h * dh + c];
    return s;
  };
  const weights = new Float64Array(heads * n * n), headOut = new Float64Array(heads * n * dh), concat = new Float64Array(n * dModel);
  for (let h = 0; h < heads; h++) {
    const r = attention({ q: slice(q, h), k: slice(k, h), v: slice(v, h), n, m: n, dk: dh, dv: dh, maskValues });
    weights.set(r.weights, h * n * n);
    headOut.set(r.out, h * n * dh);
    for (let i = 0; i < n; i++) for (let c = 0; c < dh; c++) concat[i * dModel + h * dh + c] = r.out[i * dh + c];
  }
  return { out: matmul(concat, wo, n, dModel, dModel), weights, headOut, concat };
}

/** §6.6's cost of one attention layer in multiply-adds, counted by hand from the shapes. */
export function cost(n, d, heads) {
  const projections = 3 * n * d * d; // Q, K, V: three (n, d)·(d, d) products
  const scores = heads * n * n * (d / heads); // per head (n, dh)·(dh, n)
  const weighted = heads * n * n * (d / heads); // per head (n, n)·(n, dh)
  const output = n * d * d; // concat · W^O
  const linear = projections + output, quadratic = scores + weighted;
  return {
    projections, scores, weighted, output, linear, quadratic, total: linear + quadratic,
    crossover: 2 * d, // 4nd² = 2n²d when n = 2d
    scoreEntries: n * n, scoreBytes: 4 * n * n, layerEntries: heads * n * n,
  };
}

/** Entropy in nats of the characters' frequencies: the best loss that ignores context. */
export function unigramEntropy(ids, vocab) {
  const counts = new Array(vocab).fill(0);
  for (const id of ids) counts[id]++;
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / ids.length) * Math.log(c / ids.length);
  return h;
}

/** Mean and (n − 1) variance of a list. */
export function moments(values) {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  let ss = 0;
  for (const v of values) ss += (v - mean) ** 2;
  return { mean, variance: values.length > 1 ? ss / (values.length - 1) : 0 };
}

/**
 * Batched multi-head attention on (B, T, C) tensors, as the training lab's attention (causal
 * unless `causal` is false, scaled unless `scale` is false), and the gradients of Σ out ∘ seed
 * with respect to q, k and v, by hand (reverse mode, textbook formulas):
 *   out = W·V,  W = softmax(S),  S = Q·Kᵀ·s (+ mask)
 *   dV = Wᵀ·dOut,  dW = dOut·Vᵀ,  dS = W ∘ (dW − rowsum(dW ∘ W)),  dQ = dS·K·s,  dK = dSᵀ·Q·s.
 */
export function batchedAttention({ q, k, v, B, T, C, H, seed, causal = true, scale = true }) {
  const D = C / H, s = scale ? 1 / Math.sqrt(D) : 1;
  const at = (b, t, h, d) => (b * T + t) * C + h * D + d;
  const out = new Float64Array(B * T * C), weights = new Float64Array(B * H * T * T);
  const dq = new Float64Array(B * T * C), dk = new Float64Array(B * T * C), dv = new Float64Array(B * T * C);
  for (let b = 0; b < B; b++) {
    for (let h = 0; h < H; h++) {
      const W = [];
      for (let i = 0; i < T; i++) {
        const row = [];
        for (let j = 0; j < T; j++) {
          let dot = 0;
          for (let d = 0; d < D; d++) dot += q[at(b, i, h, d)] * k[at(b, j, h, d)];
          row.push(causal && j > i ? -Infinity : dot * s);
        }
        W.push(softmax(row));
      }
      for (let i = 0; i < T; i++) {
        for (let j = 0; j < T; j++) weights[((b * H + h) * T + i) * T + j] = W[i][j];
        for (let d = 0; d < D; d++) {
          let sum = 0;
          for (let j = 0; j < T; j++) sum += W[i][j] * v[at(b, j, h, d)];
          out[at(b, i, h, d)] = sum;
        }
      }
      // Backward.
      for (let i = 0; i < T; i++) {
        const dW = [];
        for (let j = 0; j < T; j++) {
          let g = 0;
          for (let d = 0; d < D; d++) g += seed[at(b, i, h, d)] * v[at(b, j, h, d)];
          dW.push(g);
          for (let d = 0; d < D; d++) dv[at(b, j, h, d)] += W[i][j] * seed[at(b, i, h, d)];
        }
        let inner = 0;
        for (let j = 0; j < T; j++) inner += dW[j] * W[i][j];
        for (let j = 0; j < T; j++) {
          const dS = W[i][j] * (dW[j] - inner) * s;
          if (dS === 0) continue;
          for (let d = 0; d < D; d++) {
            dq[at(b, i, h, d)] += dS * k[at(b, j, h, d)];
            dk[at(b, j, h, d)] += dS * q[at(b, i, h, d)];
          }
        }
      }
    }
  }
  return { out, weights, grads: { q: dq, k: dk, v: dv } };
}
