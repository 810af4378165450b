// worker.js — starts a module Web Worker from a URL that may be on another origin. A page may
// only start workers from its own origin; when a widget is embedded from another host, its
// worker script is, so the worker is started from a tiny same-origin blob that imports it. The
// imported module's import.meta.url is still the lab's, so everything it loads (the WASM core, a
// checkpoint) resolves against the lab's host. A course page's CSP must allow `worker-src blob:`
// plus the lab's origin (a module worker's imports are checked against worker-src), and the
// lab's origin in script-src and connect-src (see README, "Embedding a widget").
//
//   import { LabWorker as Worker } from '../../lib/worker.js';
//   const worker = new Worker(new URL('../../workers/measure-attention.js', import.meta.url), { type: 'module' });
//
// Written exactly that way (the name `Worker`, `new URL('…', import.meta.url)` inline), Vite
// still recognises the worker, bundles it and puts its built URL there; the local `Worker` is
// LabWorker, which starts it from a blob when it is on another origin. (A `?worker&url` import
// would do too, but node, which the WASM tests run widget helpers in, cannot import it.)
// Once started, every worker but the core's helper thread is spoken to over web/lib/channel.js,
// whose `start` option is where this constructor is called.

/** A module Worker running the script at `url` (absolute or relative to the page). */
function startWorker(url, options = {}) {
  const Worker = globalThis.Worker; // the browser's, even where a module aliases LabWorker as Worker
  if (typeof Worker !== 'function') throw new Error('Web Workers are not available here.');
  // In a page, relative to the document; in a worker (the core's helper), to the worker's script.
  const href = new URL(url, globalThis.document?.baseURI ?? globalThis.location.href).href;
  if (new URL(href).origin === globalThis.location.origin) return new Worker(href, { ...options, type: 'module' });
  const blob = new Blob([`import ${JSON.stringify(href)};\n`], { type: 'text/javascript' });
  const blobUrl = URL.createObjectURL(blob);
  const worker = new Worker(blobUrl, { ...options, type: 'module' });
  const revoke = () => URL.revokeObjectURL(blobUrl);
  worker.addEventListener('message', revoke, { once: true });
  worker.addEventListener('error', revoke, { once: true });
  return worker;
}

/** startWorker as a constructor, for `new Worker(new URL(…, import.meta.url))` (see above). */
export function LabWorker(url, options = {}) {
  return startWorker(url, options);
}
