// progress-store.js — what a learner has answered, kept in this browser only (localStorage; no
// server, nothing leaves the page). No DOM: node tests and any widget use it alike.
//
//   const store = new ProgressStore({ namespace: 'attention-lab' });
//   store.put('check/variance', { seed: 3, answer: '96', right: true, tries: 1 });
//   store.get('check/variance')        → that record (a copy), or undefined
//   store.clear('check/')              → forgets every record whose id starts with 'check/'
//
// One key per namespace, `${namespace}:progress`, holding { version, records }. A record saved by
// another version of the format is not read (the learner starts afresh, nothing breaks). Where
// storage is refused (a sandboxed iframe, a private window that forbids it, a full quota), the
// records live in memory for the page's lifetime and `persistent` is false, so a widget can say so.

export const PROGRESS_VERSION = 1;

/** The browser's localStorage, or null where touching it throws (a sandboxed iframe does). */
function browserStorage() {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return null;
    const probe = '__attn_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export class ProgressStore {
  #storage;
  #key;
  #memory = null; // the records, when storage is refused

  /**
   * @param {object} [o]
   * @param {string} [o.namespace='attention-lab']  keeps this lab's records apart from the host page's
   * @param {Storage|null} [o.storage]              defaults to localStorage (null: memory only)
   */
  constructor({ namespace = 'attention-lab', storage = browserStorage() } = {}) {
    if (typeof namespace !== 'string' || namespace.trim() === '') throw new TypeError('ProgressStore: the namespace must be a non-empty string.');
    this.#storage = storage;
    this.#key = `${namespace}:progress`;
    if (!storage) this.#memory = {};
  }

  /** True when records survive a reload. */
  get persistent() { return this.#memory === null; }

  /** Every record, by id (a fresh object each time). */
  all() {
    if (this.#memory) return structuredClone(this.#memory);
    try {
      const saved = JSON.parse(this.#storage.getItem(this.#key) ?? 'null');
      const fits = saved && saved.version === PROGRESS_VERSION && saved.records && typeof saved.records === 'object';
      return fits ? saved.records : {};
    } catch {
      return {}; // unreadable text (edited by hand, another program): start afresh
    }
  }

  /** The record of `id`, or undefined. */
  get(id) {
    const record = this.all()[id];
    return record && typeof record === 'object' ? record : undefined;
  }

  /** Saves `record` (a plain JSON-able object) as the record of `id`, replacing the old one. */
  put(id, record) {
    const records = this.all();
    records[id] = structuredClone(record);
    this.#write(records);
  }

  /** Forgets every record whose id starts with `prefix` (all of them without one). */
  clear(prefix = '') {
    const records = this.all();
    for (const id of Object.keys(records)) if (id.startsWith(prefix)) delete records[id];
    this.#write(records);
  }

  #write(records) {
    if (this.#memory) {
      this.#memory = records;
      return;
    }
    try {
      if (Object.keys(records).length === 0) this.#storage.removeItem(this.#key);
      else this.#storage.setItem(this.#key, JSON.stringify({ version: PROGRESS_VERSION, records }));
    } catch {
      this.#memory = records; // the quota is full or storage was withdrawn: keep going in memory
    }
  }
}
