// mt-helper-worker.mjs — the core's helper thread in node (worker_threads), as
// web/workers/attn-helper.js is in the page: a second instance of attn-mt.wasm on the same
// shared memory, its stack moved into the region the first instance allocated, waiting in
// attn_worker_loop until attn_worker_stop.
import { parentPort } from 'node:worker_threads';

parentPort.once('message', ({ module, memory, stackTop }) => {
  const { exports } = new WebAssembly.Instance(module, { env: { memory, emscripten_notify_memory_growth() {} } });
  exports.stackRestore(stackTop);
  parentPort.postMessage({ ready: true });
  const code = exports.attn_worker_loop();
  parentPort.postMessage({ stopped: code });
});
