// attention-lab.js — the embed entry. A course page needs only
//   <script type="module" src="…/attention-lab.js"></script>
// to define every <attn-*> element; scripts may also `import { loadAttn, WIDGETS } from …`.
// Each widget below has an entry in widgets/registry.js (embed.html, the lab page and the tests
// read the list from there).

export { loadAttn, AttnError, Status } from './lib/attn.js';
export { WIDGETS, findWidget } from './widgets/registry.js';
export { AttnStepper } from './widgets/stepper/attn-stepper.js';
export { AttnVariance } from './widgets/variance/attn-variance.js';
export { AttnMasks } from './widgets/masks/attn-masks.js';
export { AttnShuffle } from './widgets/shuffle/attn-shuffle.js';
export { AttnHeads } from './widgets/heads/attn-heads.js';
export { AttnCost } from './widgets/cost/attn-cost.js';
export { AttnTrain } from './widgets/train/attn-train.js';
export { AttnEditor } from './widgets/editor/attn-editor.js';
export { AttnCheck } from './widgets/check/attn-check.js';
export { AttnExercise } from './widgets/exercise/attn-exercise.js';
