// model-store.js — keeps the last trained model's weights file in IndexedDB, so it survives a
// reload. One database, one store, one key.

const DB = 'attention-lab';
const STORE = 'models';
const KEY = 'last';

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

/** Stores the bytes of a weights file as the last model. */
export function saveLastModel(bytes) {
  return run('readwrite', (store) => store.put(bytes, KEY));
}

/** The last model's bytes, or null. */
export async function loadLastModel() {
  return (await run('readonly', (store) => store.get(KEY))) ?? null;
}
