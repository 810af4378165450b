// attn-helper.js — the core's second thread. On a cross-origin-isolated page, web/lib/attn.js
// starts this module Worker and sends it the threaded core (attn-mt.wasm, compiled) and the
// page's shared memory. It makes a second instance of the core on that memory, moves its stack
// into the region the page's instance allocated for it (this instance never allocates), and
// then waits in attn_worker_loop for blocks of the heavy kernels (c/src/parallel.c) until the
// page goes away. It never touches the page and posts only { ready } or { error }.
//
// It is the one worker not on the lab's channel (web/lib/channel.js), on purpose: after its one
// start message its thread never comes back to its event loop (attn_worker_loop waits on shared
// memory until the page's core stops it), so it could take no second request, no cancellation
// and no time limit. It is the core's second thread, not a service; web/lib/attn.js starts it.
//
// The module's start function initialises memory only once (the page's instance did it), so
// this instance leaves the page's data alone; _initialize does nothing in this build and is
// not called.

self.onmessage = ({ data: { module, memory, stackTop } }) => {
  let exports;
  try {
    exports = new WebAssembly.Instance(module, { env: { memory, emscripten_notify_memory_growth() {} } }).exports;
    exports.stackRestore(stackTop);
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
    return;
  }
  self.postMessage({ ready: true });
  exports.attn_worker_loop(); // returns only when the page's core calls attn_worker_stop
};
