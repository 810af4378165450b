// channel-worker.mjs — a node worker thread (worker_threads) that serves test requests over the
// lab's channel (web/lib/channel.js), as a page's Web Worker would: for channel.test.mjs.
import { parentPort } from 'node:worker_threads';
import { serve } from '../../web/lib/channel.js';

let spinsLeft = 0;

serve({
  echo: (args) => args,
  pid: () => process.pid + (globalThis.workerStarted ??= Math.random()), // differs per worker
  spin: () => { for (;;) spinsLeft++; },                                  // never answers
  crash: () => { setTimeout(() => { throw new Error('boom'); }, 0); return new Promise(() => {}); },
  steps: async ({ count }, { progress }) => {
    for (let i = 1; i <= count; i++) {
      progress({ done: i, total: count });
      await new Promise((resolve) => setImmediate(resolve));
    }
    return 'done';
  },
}, { endpoint: parentPort, name: 'test worker' });
