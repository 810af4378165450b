// editor-store.js — what <attn-editor> keeps in this browser's localStorage (nothing leaves the
// page): the code of each mode (the complete function and the learner's blank page, kept apart,
// so switching modes never loses typed text), the mode it was in, and how many hints were shown.
// A browser that refuses storage (private mode) simply keeps nothing.
//
//   const store = editorStore();  store.code('scratch')  store.setCode('scratch', text)
//   store.mode  store.mode = 'scratch'  store.hints  store.hints = 2

const KEYS = {
  complete: 'attention-lab:my-attention', // the key of the editor before it had modes
  scratch: 'attention-lab:my-attention-scratch',
  mode: 'attention-lab:editor-mode',
  hints: 'attention-lab:scratch-hints',
};

export const MODES = ['complete', 'scratch'];

function read(key) {
  try { return globalThis.localStorage?.getItem(key) ?? null; } catch { return null; }
}
function write(key, value) {
  try { globalThis.localStorage?.setItem(key, value); } catch { /* private mode: not kept */ }
}

export function editorStore() {
  return {
    /** The kept code of `mode`, or null. */
    code: (mode) => read(KEYS[mode]),
    setCode: (mode, text) => write(KEYS[mode], text),
    get mode() { return MODES.includes(read(KEYS.mode)) ? read(KEYS.mode) : 'complete'; },
    set mode(mode) { write(KEYS.mode, mode); },
    get hints() { const n = Number.parseInt(read(KEYS.hints) ?? '0', 10); return Number.isInteger(n) && n > 0 ? n : 0; },
    set hints(n) { write(KEYS.hints, String(n)); },
  };
}
