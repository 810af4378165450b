// plain-js.js — the plain-JavaScript peers of the fast-kernel cases: what a learner would write
// without a library. Float32Array storage, double arithmetic.

/** c (m, n) = a (m, k) · b (k, n), i-p-j loop order (rows of b read in order). */
export function matmulJs(a, b, m, k, n, c) {
  c.fill(0);
  for (let i = 0; i < m; i++) {
    const ci = i * n;
    for (let p = 0; p < k; p++) {
      const aip = a[i * k + p], bp = p * n;
      for (let j = 0; j < n; j++) c[ci + j] += aip * b[bp + j];
    }
  }
}

/** softmax(Q·Kᵀ/√d (+ causal mask)) · V per head; q, k, v, out are (n, heads·d). */
export function attentionJs(q, k, v, n, m, d, heads, causal, out) {
  const ld = heads * d, scale = 1 / Math.sqrt(d);
  const scores = new Float64Array(m), acc = new Float64Array(d);
  for (let h = 0; h < heads; h++) {
    for (let i = 0; i < n; i++) {
      const qi = i * ld + h * d, last = causal ? Math.min(i, m - 1) : m - 1;
      let max = -Infinity;
      for (let j = 0; j <= last; j++) {
        const kj = j * ld + h * d;
        let s = 0;
        for (let p = 0; p < d; p++) s += q[qi + p] * k[kj + p];
        scores[j] = s * scale;
        if (scores[j] > max) max = scores[j];
      }
      let sum = 0;
      acc.fill(0);
      for (let j = 0; j <= last; j++) {
        const e = Math.exp(scores[j] - max), vj = j * ld + h * d;
        sum += e;
        for (let p = 0; p < d; p++) acc[p] += e * v[vj + p];
      }
      for (let p = 0; p < d; p++) out[qi + p] = acc[p] / sum;
    }
  }
}
