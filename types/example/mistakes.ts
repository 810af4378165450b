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
  // @ts-expect-error: window is a number (or its text), not true or false
  masks.window = true;
  // @ts-expect-error: the masks attribute is a set of mask kinds
  masks.masks = ['causal', 'sliding'];
  // @ts-expect-error: a list of masks is no boolean
  masks.masks = true;
  // @ts-expect-error: masks reads as a Set, whatever was set
  const text: string = masks.masks;
  void text;
  // @ts-expect-error: a change of <attn-masks> has no `step`
  masks.addEventListener('change', (event) => void event.detail.step);
  // @ts-expect-error: what a widget refuses is read, not set
  masks.problems = [];
  // @ts-expect-error: a problem has a key and a message, no `attribute`
  masks.addEventListener('problems', (event) => void event.detail.problems[0].attribute);
  const exercise = document.createElement('attn-exercise');
  // @ts-expect-error: task is one of the five exercises
  exercise.task = 'attention-is-all';
  // @ts-expect-error: an answer's detail has no `task`
  document.createElement('attn-check').addEventListener('answered', (event) => void event.detail.task);
  const stepper = document.querySelector('attn-stepper');
  // @ts-expect-error: the element may be absent
  stepper.step = 2;
  // @ts-expect-error: x is numbers, not words
  document.createElement('attn-stepper').x = ['one', 'two'];
  const train = document.createElement('attn-train');
  // @ts-expect-error: useAttention needs the source, or null for the built-in path
  void train.useAttention();
  // @ts-expect-error: startTraining resolves to whether it runs
  const started: string = await train.startTraining();
  void started;
}
