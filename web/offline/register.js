// register.js — makes the lab work offline by registering its service worker
// (attention-lab-sw.js, beside attention-lab.js; see that file). The lab page does it on every
// visit; a course page does it only when its author asks, with enableOffline() from
// attention-lab.js (or attentionLab.enableOffline()): a service worker is the page's business,
// and it can only be registered by a page on the lab's own host.
//
//   await enableOffline();                  // the lab's folder (and the pages inside it)
//   await enableOffline({ scope: '/' });    // the whole site; the server must send
//                                           // Service-Worker-Allowed: / with attention-lab-sw.js

import { AttnError, Status } from '../lib/errors.js';

/** The service worker's file, in the lab's folder (scripts/service-worker.mjs writes it there). */
const SERVICE_WORKER = 'attention-lab-sw.js';

/**
 * The lab's folder, where attention-lab.js and the service worker are. The build puts this
 * module either into attention-lab.js itself or into a chunk of its assets/ folder (vite.config.js
 * names every chunk assets/<name>-<hash>.js), so the folder is this module's, or its parent.
 */
export function labFolder(moduleUrl = import.meta.url) {
  const here = new URL('./', moduleUrl);
  return here.pathname.endsWith('/assets/') ? new URL('../', here) : here;
}

/**
 * Registers the lab's service worker for `scope` (default: the lab's folder) and resolves to the
 * registration once it has cached the lab and is active.
 */
export async function registerOffline({ scope } = {}) {
  const workerUrl = new URL(SERVICE_WORKER, labFolder());
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    throw new AttnError(Status.UNAVAILABLE, 'This browser cannot keep the lab for offline use (it has no service workers here; a page must be served over https or from localhost).');
  }
  const url = new URL(workerUrl);
  if (url.origin !== location.origin) {
    throw new AttnError(Status.ARGUMENT, `Only a page on the lab's own host (${url.origin}) can make the lab work offline; this page is on ${location.origin}. Serve the lab's folder from your own site to offer it offline.`);
  }
  const registration = await navigator.serviceWorker.register(url, { scope: scope === undefined ? new URL('./', url).href : String(scope) });
  await whenActive(registration);
  return registration;
}

/** Resolves once the registration's worker (installing, waiting or active) is active. */
function whenActive(registration) {
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker || worker.state === 'activated') return Promise.resolve();
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new AttnError(Status.UNAVAILABLE, 'The lab could not be kept for offline use (a file could not be cached).'));
    });
  });
}
