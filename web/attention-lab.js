// attention-lab.js — the embed entry. A course page needs only
//   <script type="module" src="…/attention-lab.js"></script>
// to define every <attn-*> element; scripts may also `import { loadAttn } from …`.

export { loadAttn, AttnError, Status } from './lib/attn.js';
export { AttnStepper } from './widgets/attn-stepper.js';
export { AttnVariance } from './widgets/attn-variance.js';
export { AttnMasks } from './widgets/attn-masks.js';
export { AttnShuffle } from './widgets/attn-shuffle.js';
export { AttnHeads } from './widgets/attn-heads.js';
export { AttnCost } from './widgets/attn-cost.js';
