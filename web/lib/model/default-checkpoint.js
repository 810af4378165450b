// default-checkpoint.js — where the shipped model lives: a weights file trained by
// `npm run train-default` (scripts/train-default.mjs), and beside it the record of that run
// (its loss curve among it), both bundled into dist/ by Vite as assets and fetched from the
// page's own origin. Its shape is known without fetching it: the "small" preset it was trained
// with (tests/wasm/checkpoint.test.mjs fails if the file ever differs), so a widget can lay out
// the model's maps before it loads.

import { PRESETS } from './presets.js';

/** The shipped model's configuration ({ layers, heads, dModel, context, … }), as in its file. */
export const DEFAULT_CHECKPOINT_CONFIG = PRESETS.small;

const DEFAULT_CHECKPOINT_URL = new URL('../../models/default-small.attnlab', import.meta.url);
const DEFAULT_RECORD_URL = new URL('../../models/default-small.json', import.meta.url);

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The shipped ${what} could not be loaded (${response.status}).`);
  return response;
}

export async function fetchDefaultCheckpoint() {
  return new Uint8Array(await (await fetchOk(DEFAULT_CHECKPOINT_URL, 'model')).arrayBuffer());
}

/**
 * The shipped model's loss curve, as npm run train-default recorded it: { steps, train, validation }
 * where train[i] is the training loss of step i + 1 and validation holds [step, loss] pairs.
 */
export async function fetchDefaultCurve() {
  const { steps, curve } = await (await fetchOk(DEFAULT_RECORD_URL, 'model’s loss curve')).json();
  return { steps, train: curve.train, validation: curve.validation };
}
