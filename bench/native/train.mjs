// train.mjs — native training throughput (tokens/s) of both presets: the C core built with
// -O3 -march=native, beside the same core as WebAssembly in node, measured in the same run.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadAttn } from '../../web/lib/attn.js';
import { PRESETS } from '../../web/lib/model/presets.js';

export const name = 'train-throughput-native';

const STEPS = { small: 20, nanogpt: 6 };

export async function run({ root }) {
  // make -C c bench builds build/bench/train_bench (-O3 -march=native) beside the kernels.
  const make = spawnSync('make', ['-s', '-C', `${root}c`, 'bench'], { stdio: 'inherit' });
  if (make.status !== 0) throw new Error('make -C c bench failed: could not build the native benchmark');
  const binary = `${root}build/bench/train_bench`;
  const attn = await loadAttn({ wasmBytes: readFileSync(`${root}web/generated/attn.wasm`) });
  const rows = [];
  for (const preset of ['small', 'nanogpt']) {
    const { layers, heads, dModel, context, batch } = PRESETS[preset];
    const result = spawnSync(binary, [layers, heads, dModel, context, batch, STEPS[preset]].map(String), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`the native benchmark failed (${result.status})`);
    const ours = Number(result.stdout.trim());
    const model = attn.createModel({ preset });
    model.train(3);
    const peer = model.train(STEPS[preset]).tokensPerSecond;
    model.dispose();
    rows.push({ name: `training throughput, ${preset} preset (native C -O3, 1 thread)`, ours, peer, peerName: 'same core, WASM in node', ratio: ours / peer, unit: 'tokens/s' });
  }
  return rows;
}
