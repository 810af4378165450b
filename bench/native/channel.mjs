// channel.mjs — what the lab's worker channel (web/lib/channel.js) costs on training's hot path:
// one data-parallel step's round trip (the nanoGPT preset's parameters to the second worker, its
// gradients back, both transferred) over the channel, beside the same round trip over a bare
// MessagePort, as the training worker spoke before the channel. Node worker threads, alternating
// rounds, best of each; the figure is microseconds per round trip (lower is better).

import { Worker, MessageChannel } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadAttn } from '../../web/lib/attn.js';
import { Channel } from '../../web/lib/channel.js';

export const name = 'channel';

const ROUNDS = 7;
const TRIPS = 200;

export async function run({ root }) {
  const attn = await loadAttn({ wasmBytes: readFileSync(`${root}web/generated/attn.wasm`) });
  const model = attn.createModel({ preset: 'nanogpt' });
  const count = model.getParams().length;
  model.dispose();

  const worker = new Worker(new URL('./workers/channel-echo.mjs', import.meta.url));
  const viaChannel = new MessageChannel(), bare = new MessageChannel();
  worker.postMessage({ channelPort: viaChannel.port2, barePort: bare.port2 }, [viaChannel.port2, bare.port2]);
  const channel = new Channel({ name: 'echo', endpoint: viaChannel.port1 });
  const bareTrip = (params) => new Promise((resolve) => {
    bare.port1.once('message', resolve);
    bare.port1.postMessage({ type: 'grads', params }, [params.buffer]);
  });
  const channelTrip = (params) => channel.request('grads', { params }, { transfer: [params.buffer] });

  /** Microseconds per round trip of `trip`, each with a fresh parameter buffer (as each step has). */
  const time = async (trip) => {
    const start = performance.now();
    for (let i = 0; i < TRIPS; i++) await trip(new Float32Array(count));
    return ((performance.now() - start) * 1000) / TRIPS;
  };
  const best = { channel: Infinity, bare: Infinity };
  for (let round = 0; round < ROUNDS; round++) {
    best.bare = Math.min(best.bare, await time(bareTrip));
    best.channel = Math.min(best.channel, await time(channelTrip));
  }
  channel.terminate();
  viaChannel.port1.close();
  bare.port1.close();
  await worker.terminate();
  return [{
    name: `data-parallel round trip, nanogpt preset (${count.toLocaleString('en')} parameters out, gradients back)`,
    ours: best.channel, peer: best.bare, peerName: 'bare MessagePort (before the channel)', ratio: best.channel / best.bare, unit: 'µs per round trip',
  }];
}
