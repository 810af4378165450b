// grad-worker.js — the second core's half of data-parallel training. It holds a copy of the
// model (same configuration) and, for each step, takes the current parameters and half a batch
// from the training worker (web/workers/train-worker.js) over a MessagePort, and answers that
// half's loss and gradients. The training worker averages them with its own half and makes the
// one optimiser step, so both halves always see the same parameters.
//
// Messages on the port: { type: 'model', bytes } → { type: 'ready' } or { type: 'error' };
// { type: 'grads', params, steps, tokens, targets, b } → { type: 'grads', loss, grads } or
// { type: 'error', message }.

import { loadAttn } from '../lib/attn.js';

let attn = null;
let model = null;

async function handle(port, message) {
  try {
    attn ??= await loadAttn({ threads: 1 }); // this worker is the second core itself
    if (message.type === 'model') {
      model?.dispose();
      model = attn.loadModel(new Uint8Array(message.bytes));
      port.postMessage({ type: 'ready' });
    } else if (message.type === 'grads') {
      if (!model) throw new Error('The helper has no model yet.');
      model.setParams(message.params, message.steps);
      const { loss, grads } = model.computeGradients(message.tokens, message.targets, message.b);
      port.postMessage({ type: 'grads', loss, grads }, [grads.buffer]);
    }
  } catch (error) {
    port.postMessage({ type: 'error', message: error.message });
  }
}

self.onmessage = (event) => {
  if (event.data?.type !== 'port') return;
  const port = event.data.port;
  let queue = Promise.resolve();
  port.onmessage = (e) => { queue = queue.then(() => handle(port, e.data)); };
};
