// default-checkpoint.js — where the shipped model lives: a weights file trained by
// `npm run train-default` (scripts/train-default.mjs), bundled into dist/ by Vite as an asset
// and fetched from the page's own origin.

const DEFAULT_CHECKPOINT_URL = new URL('../../models/default-small.attnlab', import.meta.url);

export async function fetchDefaultCheckpoint() {
  const response = await fetch(DEFAULT_CHECKPOINT_URL);
  if (!response.ok) throw new Error(`The shipped model could not be loaded (${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}
