// recurrent.mjs — an independent double-precision reference for the tape's recurrent cell, a
// gated recurrent unit (GRU) over a sequence, forward and backward through time. Written from
// the equations with plain loops on JavaScript numbers (float64); nothing is shared with web/lib
// or c/. Gates in the order r, z, n; with gh = h_{t−1} · W_h + b_h:
//   r = σ(gx_r + gh_r), z = σ(gx_z + gh_z), n = tanh(gx_n + r ∘ gh_n), h_t = (1 − z) ∘ n + z ∘ h_{t−1}.
// Layouts (row-major): gx (B, T, 3H), h0 (B, H), w (H, 3H), b (3H), states (B, T, H).

const sigmoid = (x) => 1 / (1 + Math.exp(-x));

/** One row's gates at one step, from its previous state `prev` (H) and its input share `x` (3H). */
function step(x, prev, w, b, H) {
  const gh = Array.from({ length: 3 * H }, (_, j) => prev.reduce((sum, hk, k) => sum + hk * w[k * 3 * H + j], b[j]));
  const r = [], z = [], n = [], h = [];
  for (let k = 0; k < H; k++) {
    r.push(sigmoid(x[k] + gh[k]));
    z.push(sigmoid(x[H + k] + gh[H + k]));
    n.push(Math.tanh(x[2 * H + k] + r[k] * gh[2 * H + k]));
    h.push((1 - z[k]) * n[k] + z[k] * prev[k]);
  }
  return { r, z, n, h, ghn: gh.slice(2 * H) };
}

/** The states (B, T, H) and every step's gates, steps[b][t] = { r, z, n, h, ghn, prev }. */
export function gru({ gx, h0, w, b, B, T, H }) {
  const states = new Float64Array(B * T * H), steps = [];
  for (let row = 0; row < B; row++) {
    let prev = Array.from(h0.slice(row * H, (row + 1) * H));
    steps.push([]);
    for (let t = 0; t < T; t++) {
      const s = step(gx.slice((row * T + t) * 3 * H, (row * T + t + 1) * 3 * H), prev, w, b, H);
      steps[row].push({ ...s, prev });
      s.h.forEach((v, k) => { states[(row * T + t) * H + k] = v; });
      prev = s.h;
    }
  }
  return { states, steps };
}

/** Gradients of L = Σ dStates ∘ states with respect to gx, h0, w and b (backpropagation through time). */
export function gruBackward({ gx, h0, w, b, B, T, H }, dStates) {
  const { steps } = gru({ gx, h0, w, b, B, T, H });
  const dgx = new Float64Array(B * T * 3 * H), dh0 = new Float64Array(B * H);
  const dw = new Float64Array(H * 3 * H), db = new Float64Array(3 * H);
  for (let row = 0; row < B; row++) {
    let later = new Array(H).fill(0); // dL/dh_t from the steps after t
    for (let t = T - 1; t >= 0; t--) {
      const { r, z, n, ghn, prev } = steps[row][t];
      const dgh = new Array(3 * H).fill(0), dprev = new Array(H).fill(0);
      for (let k = 0; k < H; k++) {
        const dh = dStates[(row * T + t) * H + k] + later[k];
        const dPreN = dh * (1 - z[k]) * (1 - n[k] ** 2);
        const dPreZ = dh * (prev[k] - n[k]) * z[k] * (1 - z[k]);
        const dPreR = dPreN * ghn[k] * r[k] * (1 - r[k]);
        const at = (row * T + t) * 3 * H;
        [dgx[at + k], dgx[at + H + k], dgx[at + 2 * H + k]] = [dPreR, dPreZ, dPreN];
        [dgh[k], dgh[H + k], dgh[2 * H + k]] = [dPreR, dPreZ, dPreN * r[k]];
        dprev[k] += dh * z[k];
      }
      for (let j = 0; j < 3 * H; j++) {
        db[j] += dgh[j];
        for (let k = 0; k < H; k++) {
          dw[k * 3 * H + j] += prev[k] * dgh[j];
          dprev[k] += dgh[j] * w[k * 3 * H + j];
        }
      }
      later = dprev;
    }
    later.forEach((v, k) => { dh0[row * H + k] = v; });
  }
  return { dgx, dh0, dw, db };
}
