// lookup.mjs — independent double-precision references for the lookup section's widgets:
// attention read as a lookup (scores, weights, the blend and what is said about it), the convex
// hull of the values and a point's depth in it, and the bottleneck experiment recomputed from
// its inputs. Written from the chapter's definitions with plain loops on JavaScript numbers
// (float64); nothing is shared with web/lib or c/. The hull is found by gift wrapping (Jarvis's
// march), not by the core's monotone chain.

/** softmax(s · q·k_j) over a memory, and everything the widget says about it. */
export function lookup({ query, keys, values, m, dk, dv, sharpness }) {
  const scores = [], scaled = [];
  for (let j = 0; j < m; j++) {
    let score = 0;
    for (let i = 0; i < dk; i++) score += query[i] * keys[j * dk + i];
    scores.push(score);
    scaled.push(sharpness * score);
  }
  const top = Math.max(...scaled);
  const exps = scaled.map((x) => Math.exp(x - top));
  const total = exps.reduce((a, b) => a + b, 0);
  const weights = exps.map((e) => e / total);
  const out = Array.from({ length: dv }, (_, d) => weights.reduce((sum, w, j) => sum + w * values[j * dv + d], 0));
  const entropy = -weights.reduce((sum, w) => sum + (w > 0 ? w * Math.log(w) : 0), 0);
  const byWeight = weights.map((w, j) => [w, j]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const [[largest, best], [second, runnerUp] = [0, -1]] = byWeight;
  const length = (row) => Math.sqrt(row.reduce((sum, x) => sum + x * x, 0));
  const valueLengths = Array.from({ length: m }, (_, j) => length(Array.from(values).slice(j * dv, (j + 1) * dv)));
  return {
    scores, scaled, weights, out, entropy,
    maxEntropy: Math.log(m),
    weightSum: weights.reduce((a, b) => a + b, 0),
    minWeight: Math.min(...weights),
    largest, second, best, runnerUp,
    ratio: runnerUp < 0 ? NaN : largest / second,
    gap: runnerUp < 0 ? NaN : sharpness * (scores[best] - scores[runnerUp]),
    outNorm: length(out),
    maxValueNorm: Math.max(...valueLengths),
  };
}

const cross = (a, b, c) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const distance2 = (a, b) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;

/**
 * The convex hull's corners by gift wrapping: from the leftmost point (lowest on a tie), keep
 * turning to the next point that leaves every other one on the left, the farthest on a line.
 * Counter-clockwise; repeated and collinear points are left out.
 */
export function convexHull(points, count) {
  const p = Array.from({ length: count }, (_, i) => [points[2 * i], points[2 * i + 1]]);
  let start = 0;
  for (let i = 1; i < count; i++) if (p[i][0] < p[start][0] || (p[i][0] === p[start][0] && p[i][1] < p[start][1])) start = i;
  const corners = [start];
  for (let current = start; ;) {
    let next = -1;
    for (let i = 0; i < count; i++) {
      if (distance2(p[i], p[current]) === 0) continue;
      if (next < 0) { next = i; continue; }
      const turn = cross(p[current], p[next], p[i]);
      if (turn < 0 || (turn === 0 && distance2(p[current], p[i]) > distance2(p[current], p[next]))) next = i;
    }
    if (next < 0 || distance2(p[next], p[start]) === 0) break;
    corners.push(next);
    current = next;
    if (corners.length > count) throw new Error('gift wrapping did not close');
  }
  return corners;
}

/** The distance from `point` to the hull's boundary: positive inside, negative outside. */
export function depth(point, points, corners) {
  const at = (i) => [points[2 * corners[i]], points[2 * corners[i] + 1]];
  const n = corners.length;
  let nearest = Infinity, deepest = Infinity, outside = n < 3;
  for (let e = 0; e < n; e++) {
    const a = at(e), b = at((e + 1) % n);
    const dx = b[0] - a[0], dy = b[1] - a[1], length2 = dx * dx + dy * dy;
    const t = length2 > 0 ? Math.min(1, Math.max(0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length2)) : 0;
    nearest = Math.min(nearest, Math.hypot(point[0] - a[0] - t * dx, point[1] - a[1] - t * dy));
    const inward = length2 > 0 ? cross(a, b, point) / Math.sqrt(length2) : 0;
    if (inward < 0) outside = true;
    deepest = Math.min(deepest, inward);
  }
  return outside ? -nearest : deepest;
}

/**
 * The bottleneck experiment from its inputs (the token vectors (V, D), the position codes
 * (L, D) and the sources (T, L), as attn_bottleneck_inputs draws them): each step's summary
 * read-out c_p ⊙ Σ_q c_q ⊙ x_q and attention's blend Σ_j softmax(c_p·c_j/√D) x_j, each
 * answered by the nearest token vector.
 */
export function bottleneck({ vectors, codes, sources, task, length, width, vocab, trials }) {
  const row = (array, i) => Array.from(array.subarray(i * width, (i + 1) * width));
  const code = Array.from({ length }, (_, p) => row(codes, p));
  const vector = Array.from({ length: vocab }, (_, v) => row(vectors, v));
  const wanted = (step) => (task === 'reverse' ? length - 1 - step : step);
  const nearest = (y) => {
    let best = 0, bestDistance = Infinity;
    vector.forEach((e, v) => {
      const d = e.reduce((sum, x, i) => sum + (y[i] - x) ** 2, 0);
      if (d < bestDistance) { bestDistance = d; best = v; }
    });
    return best;
  };
  const alignment = [];
  for (let step = 0; step < length; step++) {
    const q = code[wanted(step)];
    const scores = code.map((c) => c.reduce((sum, x, i) => sum + x * q[i], 0) / Math.sqrt(width));
    const top = Math.max(...scores);
    const exps = scores.map((s) => Math.exp(s - top));
    const total = exps.reduce((a, b) => a + b, 0);
    alignment.push(exps.map((e) => e / total));
  }
  let summaryRight = 0, attentionRight = 0;
  let example = null;
  for (let t = 0; t < trials; t++) {
    const tokens = Array.from(sources.subarray(t * length, (t + 1) * length));
    const summary = new Array(width).fill(0);
    tokens.forEach((token, p) => vector[token].forEach((x, i) => { summary[i] += code[p][i] * x; }));
    const fromSummary = [], fromAttention = [];
    for (let step = 0; step < length; step++) {
      const p = wanted(step);
      fromSummary.push(nearest(summary.map((z, i) => code[p][i] * z)));
      const blend = new Array(width).fill(0);
      tokens.forEach((token, j) => vector[token].forEach((x, i) => { blend[i] += alignment[step][j] * x; }));
      fromAttention.push(nearest(blend));
      summaryRight += fromSummary[step] === tokens[p];
      attentionRight += fromAttention[step] === tokens[p];
    }
    if (t === 0) example = { source: tokens, fromSummary, fromAttention };
  }
  return { summary: summaryRight / (trials * length), attention: attentionRight / (trials * length), alignment: alignment.flat(), example };
}
