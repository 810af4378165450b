// translation-record.js — where the recorded run of the translation experiment lives:
// web/models/translation-run.json, made by `node scripts/seq2seq-experiment.mjs` (both
// encoder–decoders trained with the defaults, their checkpoints and step times), bundled into
// dist/ by Vite as an asset and fetched from the page's own origin by <attn-translation>.

const RECORD_URL = new URL('../models/translation-run.json', import.meta.url);

/** The command that made the shipped record (as the page says it). */
export const RECORD_COMMAND = 'node scripts/seq2seq-experiment.mjs';

/** The shipped record: { what, made, runs: { bottleneck, attention }, timing: { rows } }. */
export async function fetchTranslationRecord() {
  const response = await fetch(RECORD_URL);
  if (!response.ok) throw new Error(`The recorded translation run could not be loaded (${response.status}).`);
  return response.json();
}
