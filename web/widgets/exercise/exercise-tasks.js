// exercise-tasks.js — the exercises under the chapter's "Exercises" heading, one or more per
// section 6.2–6.6, as data. No DOM. Each task names
//   id, section (the lab section), tag (the widget it is done with), title, statement,
//   hints (revealed one at a time), and mark(attn, widget, detail, memory) → { done, lines }
//   (exercise-marks.js: the core recomputes the task from the widget's public face; `detail` is
//   the widget's last `change` detail, `memory` an object the task may keep between changes).

import { markStepperWeight, markSaturationHalf, markMaskNanRow, markShuffleOrder, markCostCrossover } from './exercise-marks.js';

export const TASKS = Object.freeze([
  {
    id: 'stepper-weight', section: 's6-2', tag: 'attn-stepper',
    title: '6.2 · Make token 2 look back',
    statement: 'In the chapter’s example token 2 puts 0.804 of its weight on itself. Keeping the causal mask and the scaling on, change X, W^Q or W^K so that token 2 puts at least 0.9 of its weight on token 1.',
    hints: [
      'Token 2’s weights come from two scores: q₂·k₁ and q₂·k₂. Token 1 gets more weight when q₂·k₁ is the larger.',
      'A gap g between two scaled scores makes one weight e^g times the other. 0.9 against 0.1 is 9 times, a gap of ln 9 ≈ 2.2 after scaling, about 3.1 before it (× √2).',
      'k₁ = [−3, −3]. Make q₂ point the same way: q₂ is the sum of rows 2 to 4 of W^Q (x₂ = [0, 1, 1, 1]); setting row 4 of W^Q to −2, −1 makes q₂ = [−2, −2].',
    ],
    mark: (attn, widget) => markStepperWeight(attn, widget),
  },
  {
    id: 'saturation-half', section: 's6-3', tag: 'attn-variance',
    title: '6.3 · Where half the softmaxes saturate',
    statement: 'With 64 keys per trial, a threshold of 0.99 and 500 trials, raw (unscaled) scores saturate the softmax in 35 % of the trials at d_k = 128 (the chapter’s measurement). Find a head width d_k at which about half of the raw trials saturate. “About” is a band, 45.5 % to 54.5 %: a share of 500 draws is only known to about ±2.2 % (one standard error), so it wobbles up and down from one width to the next while it climbs, and a run of widths lands inside.',
    hints: [
      'Type a width in “Head width d_k” and read the raw row of the saturation table. Wider heads give larger raw scores, and more saturation on the whole.',
      'Halve the range each time: try 256, then half-way between the last width below the band and the first above it.',
      'The check runs your d_k in the core with the widget’s own seed, so the share depends on the draw as well: the chapter calls saturation a fraction of trials for that reason, and neighbouring widths can swap order.',
    ],
    mark: (attn, widget) => markSaturationHalf(attn, widget),
  },
  {
    id: 'mask-nan-row', section: 's6-4', tag: 'attn-masks',
    title: '6.4 · One NaN row, and only one',
    statement: 'Build a mask under which row 3 of the weights is NaN and every other row still sums to 1.',
    hints: [
      'A row turns NaN when none of its keys is allowed: softmax then divides 0 by 0.',
      'With the causal mask on, row 3 may see keys 1, 2 and 3. Click (or press Enter on) each of those cells of row 3 in the mask grid to block it.',
      'Blocking a whole column instead would empty row 1 as well: every row needs at least one allowed key, except row 3.',
    ],
    mark: (attn, widget) => markMaskNanRow(attn, widget),
  },
  {
    id: 'shuffle-order', section: 's6-5', tag: 'attn-shuffle',
    title: '6.5 · Same words, different outputs only with positions',
    statement: 'Rearrange the words of the sentence so that, with no positions and no mask, every word keeps its output exactly; then, with the same arrangement, switch positions on and show that the outputs change.',
    hints: [
      '“Swap dog and man” (or Shuffle) rearranges the words; the largest difference is shown under the outputs.',
      'With positions “none” and no mask the largest difference is 0: attention alone does not see order.',
      'Now pick sinusoidal or rotary positions without touching the order: the same words now get different outputs.',
    ],
    mark: (attn, widget, detail, memory) => markShuffleOrder(widget, detail, memory),
  },
  {
    id: 'cost-crossover', section: 's6-6', tag: 'attn-cost',
    title: '6.6 · A crossover at N = 1,536',
    statement: 'Choose d_model and the number of heads h so that the quadratic term overtakes the linear one at N = 1,536, with 64 features per head.',
    hints: [
      'The crossover is at N = 2·d_model.',
      'So d_model = 768. Each head has d_model / h features.',
      'h = 768 / 64 = 12: the shape of GPT-2 small.',
    ],
    mark: (attn, widget) => markCostCrossover(attn, widget),
  },
]);

export const TASK_IDS = Object.freeze(TASKS.map((task) => task.id));
export const findTask = (id) => TASKS.find((task) => task.id === id);
