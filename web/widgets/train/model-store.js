// model-store.js — keeps the last trained model in IndexedDB, so it survives a reload: its
// weights file, the step it reached, its loss curve and, for a model trained on the learner's
// own text, that text (without it the model comes back unable to train or measure). One
// database, one store, one key. DOM-free: node tests read keptRecord() directly.
//
//   await saveLastModel({ bytes, steps, curve: { train: [[step, loss], …], validation: [[step, loss], …] }, text });
//   const kept = await loadLastModel();   // → { bytes, steps, curve, text, savedAt } or null
//   await forgetLastModel();

const DB = 'attention-lab';
const STORE = 'models';
const KEY = 'last';

/** The longest own text kept with a model, in characters (the form reads texts up to 5 MB). */
export const MAX_KEPT_TEXT = 5 * 1024 * 1024;

function open() {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('This browser has no IndexedDB.'));
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run(mode, body) {
  return open().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = body(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(request.result); };
    tx.onerror = () => { db.close(); reject(tx.error); };
  }));
}

/** Whether `points` is a list of [step, loss] pairs of numbers. */
const isPoints = (points) => Array.isArray(points)
  && points.every((p) => Array.isArray(p) && p.length === 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]));

/**
 * What is stored, read back as one shape: { bytes, steps, curve, text, savedAt }. A record kept
 * before the curve and step were stored is the weights file's bytes alone: it reads as
 * { bytes, steps: null, curve: null, text: null, savedAt: null }. Anything else is null.
 */
export function keptRecord(stored) {
  if (stored instanceof Uint8Array) return { bytes: stored, steps: null, curve: null, text: null, savedAt: null };
  if (!stored || typeof stored !== 'object' || !(stored.bytes instanceof Uint8Array)) return null;
  const curve = stored.curve && isPoints(stored.curve.train) && isPoints(stored.curve.validation) ? stored.curve : null;
  return {
    bytes: stored.bytes,
    steps: Number.isInteger(stored.steps) ? stored.steps : null,
    curve,
    text: typeof stored.text === 'string' ? stored.text : null,
    savedAt: Number.isFinite(stored.savedAt) ? stored.savedAt : null,
  };
}

/** The record saveLastModel stores: a text longer than MAX_KEPT_TEXT is not kept (null). */
export function recordToKeep({ bytes, steps, curve = null, text = null }, now = Date.now()) {
  return { bytes, steps, curve, text: typeof text === 'string' && text.length <= MAX_KEPT_TEXT ? text : null, savedAt: now };
}

/** Keeps a model as the last one (see recordToKeep); resolves to the record kept. */
export async function saveLastModel(model) {
  const record = recordToKeep(model);
  await run('readwrite', (store) => store.put(record, KEY));
  return record;
}

/** The last model kept (keptRecord's shape), or null. */
export async function loadLastModel() {
  return keptRecord(await run('readonly', (store) => store.get(KEY)));
}

/** Forgets the model kept. */
export function forgetLastModel() {
  return run('readwrite', (store) => store.delete(KEY));
}
