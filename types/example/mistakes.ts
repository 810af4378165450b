// mistakes.ts — calls the lab's declarations must refuse. Each line under @ts-expect-error is a
// mistake an author could make; `tsc --noEmit` fails if any of them compiles, so the types can
// never quietly become `any` (tests/package/types.test.mjs).

import { loadAttn, Status, AttnError } from 'attention-lab';

export async function mistakes(): Promise<void> {
  const attn = await loadAttn();
  const q = new Float32Array(4);
  // @ts-expect-error: n, m, dk and dv are required
  attn.attention({ q, k: q, v: q });
  // @ts-expect-error: a mask is 'none', 'causal' or a Float32Array
  attn.attention({ q, k: q, v: q, n: 2, m: 2, dk: 2, dv: 2, mask: 'window' });
  // @ts-expect-error: a window mask needs its width
  attn.mask({ kind: 'window', n: 4 });
  // @ts-expect-error: without steps, attention returns only out and emptyRows
  void attn.attention({ q, k: q, v: q, n: 2, m: 2, dk: 2, dv: 2, steps: false }).weights;
  // @ts-expect-error: there is no such function
  attn.softmax({ x: q });
  // @ts-expect-error: the cost of a layer needs a width
  attn.cost({ n: 1024 });
  // @ts-expect-error: a preset is 'small' or 'nanogpt'
  attn.createModel({ preset: 'large' });
  // @ts-expect-error: codes are numbers of Status
  const code: 'LENGTH' = Status.LENGTH;
  void code;
  // @ts-expect-error: an AttnError's code is read-only
  new AttnError(Status.VALUE, 'x').code = 5;

  const masks = document.createElement('attn-masks');
  // @ts-expect-error: window is a number
  masks.window = 'three';
  // @ts-expect-error: the masks attribute is a set of mask kinds
  masks.masks = 'causal';
  // @ts-expect-error: a change of <attn-masks> has no `step`
  masks.addEventListener('change', (event) => void event.detail.step);
  const stepper = document.querySelector('attn-stepper');
  // @ts-expect-error: step is a number, and the element may be absent
  stepper.step = '2';
}
