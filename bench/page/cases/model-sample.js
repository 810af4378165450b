// model-sample.js — model.sample on the shipped character model (web/models/default-small.attnlab),
// decoding with its KV cache (attn_model_sample) against recomputing the whole window for every
// character (attn_model_sample_uncached). Both write the same characters for the same prompt,
// length, temperature and seed (checked here before timing); the figure is characters per second,
// the ratio cached / recomputing, measured in the same run. The second length runs past the
// model's context, where the window slides and the cache is rebuilt for every character (there
// the cached way is expected to lose: the rebuild feeds the window one character at a time).

import { bestOf, clockName, warmUp } from '../compare.js';
import { fetchDefaultCheckpoint } from '../../../web/lib/model/default-checkpoint.js';

export const name = 'model-sample';

export async function run({ attn, report, progress }) {
  const model = attn.loadModel(await fetchDefaultCheckpoint());
  try {
    const { context } = model.config;
    for (const length of [context - 1, 2 * context]) {
      const label = `model.sample: ${length} characters on the shipped model (context ${context})`;
      progress(`${label}…`);
      const options = { prompt: 't', length, temperature: 0.8, seed: 1 };
      const sample = (cache) => () => model.sample({ ...options, cache });
      if (sample(true)() !== sample(false)()) throw new Error(`${label}: cached and recomputing sampling wrote different characters`);
      const entries = [{ key: 'cached', fn: sample(true) }, { key: 'recomputed', fn: sample(false) }];
      for (const e of entries) await warmUp(e.fn, { calls: 1, seconds: 2 });
      const best = await bestOf(entries, { rounds: 2 });
      const rate = (key) => length / best.get(key);
      report({
        name: label, ours: rate('cached'), peer: rate('recomputed'), peerName: 'ours, model.sample({ cache: false }): the whole window for every character',
        ratio: rate('cached') / rate('recomputed'), unit: `characters/s (${clockName()})`,
      });
    }
  } finally {
    model.dispose();
  }
}
