// kv-cache.js — decoding with the KV cache. A model that generates text one token at a time
// needs, at step t, only row t of causal attention. With the cache (attn_kv_cache_append, then
// attn_kv_cache_attend) each step costs O(t·d); without one, a model recomputes causal attention
// over the whole prefix every step (here with our fastest kernel for it, the tiled
// attn_flash_attention, n = m = t + 1), O(t²·d). Both decode the same T tokens, 8 heads, d = 64,
// with every input already in WASM memory; the figure is tokens per second, and the ratio is
// cached / recomputed. (The cache also saves the K and V projections of the prefix, which are
// not counted here: attention alone.)

import { bestOf, clockName, warmUp, random } from '../compare.js';
import { residentBuffers, workspaceFloats } from '../resident.js';

export const name = 'kv-cache';

const HEADS = 8, D = 64;

export async function run({ attn, report, progress }) {
  const x = attn.core.exports;
  for (const tokens of [256, 1024]) {
    const label = `KV cache: decode ${tokens} tokens one by one, heads=${HEADS} d=${D}`;
    progress(`${label}…`);
    const width = HEADS * D, bytes = width * 4;
    const { at, free } = residentBuffers(attn, {
      q: random(tokens * width, 11), k: random(tokens * width, 12), v: random(tokens * width, 13),
      out: tokens * width, lse: tokens * HEADS, work: workspaceFloats(attn, 'attn_flash_workspace', tokens, D, D),
    });
    const { q, k, v, out, lse, work } = at;
    const check = (code) => { if (code !== 0) throw new Error(`the kernel returned status ${code}`); };
    const cached = () => {
      const heap = attn.core.handle({ noun: 'cache' }).create('kvCache', 'attn_kv_cache_create', 'attn_kv_cache_free', tokens, HEADS, D, D);
      try {
        const cache = heap.pointer;
        for (let t = 0; t < tokens; t++) {
          check(x.attn_kv_cache_append(cache, k + t * bytes, v + t * bytes));
          check(x.attn_kv_cache_attend(out + t * bytes, cache, q + t * bytes));
        }
      } finally {
        heap.dispose();
      }
    };
    const recomputed = () => {
      for (let t = 0; t < tokens; t++) check(x.attn_flash_attention(out, lse, 0, work, q, k, v, 1, 0, HEADS, t + 1, t + 1, D, D));
    };
    try {
      const entries = [{ key: 'cached', fn: cached }, { key: 'recomputed', fn: recomputed }];
      for (const e of entries) await warmUp(e.fn, { calls: 2, seconds: 2 });
      const best = await bestOf(entries, { rounds: 2 });
      const rate = (key) => tokens / best.get(key);
      report({
        name: label, ours: rate('cached'), peer: rate('recomputed'), peerName: 'ours, recomputing causal attention over the prefix each step (tiled kernel)',
        ratio: rate('cached') / rate('recomputed'), unit: `tokens/s (${clockName()})`,
      });
    } finally {
      free();
    }
  }
}
