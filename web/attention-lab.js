// attention-lab.js — the embed entry. A course page needs only
//   <script type="module" src="…/attention-lab.js"></script>
// to define every <attn-*> element; scripts may also `import { loadAttn } from …`.

export { loadAttn, AttnError, Status } from './lib/attn.js';
export { AttnStepper } from './widgets/attn-stepper.js';
export { AttnTrain } from './widgets/attn-train.js';
export { AttnEditor } from './widgets/attn-editor.js';
