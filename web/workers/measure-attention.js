// measure-attention.js — a module Web Worker that times the C core's attention kernel for the
// <attn-cost> widget, off the main thread so the page stays responsive during the runs.
// Message in:  { sizes: number[], d: number }
// Messages out: { n, ms } per size, in order; then { done: true }; or { error: message }.

import { loadAttn } from '../lib/attn.js';

const ready = loadAttn();

self.onmessage = async ({ data }) => {
  try {
    const attn = await ready;
    for (const n of data.sizes) {
      const { ms } = attn.measureAttention({ n, d: data.d, repeats: n <= 512 ? 5 : n <= 1024 ? 2 : 1, warmUp: n <= 1024 });
      self.postMessage({ n, ms });
    }
    self.postMessage({ done: true });
  } catch (error) {
    self.postMessage({ error: error.message ?? String(error) });
  }
};
