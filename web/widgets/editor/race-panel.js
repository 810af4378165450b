// race-panel.js — the race of two trainings beside <attn-editor> ("Trains slowly and badly"):
// the editor's function against the built-in attention, two models with the same configuration,
// seed and data, each trained in a learner's worker (race.js), both loss curves on one chart
// (the built-in solid, yours dashed, named in the legend and the data table: not colour alone),
// the steps each side has done, Cancel, and a sentence computed from the two curves.
// Loaded on demand, the first time the learner starts a race.
//
//   const panel = new RacePanel(host, connect);   // replaces host; connect(onEvent, onFatal) → a learner worker's channel
//   const { node, said, gap } = await panel.race(source, steps);   // what to show and say (gap: undefined if cancelled)

import { h } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { LineChart } from '../../ui/line-chart.js';
import { Race, raceSummary, RACE_MODEL, RACE_STEPS } from '../../lib/learner/race.js';

/** Points on the chart: the mean of each block of this many steps. */
const BLOCK = 10;
const NAMES = ['built-in attention (solid)', 'your function (dashed)'];

export class RacePanel {
  constructor(host, connect) {
    this.connect = connect;
    this.chart = new LineChart({ label: 'The race: training loss by step, the built-in attention (solid line) and your function (dashed line)', xTitle: 'step', yTitle: 'loss (nats per character)', steps: RACE_STEPS });
    this.steps = RACE_STEPS;
    this.progress = h('p', { className: 'readout' }, '');
    this.summary = h('p', { className: 'race-summary', role: 'status' });
    this.cancelButton = actionButton({ className: 'secondary', onclick: () => this.cancel(), disabled: true }, 'Cancel the race');
    const d = RACE_MODEL.dModel / RACE_MODEL.heads;
    this.element = h('div', { className: 'train-readout race', role: 'group', 'aria-label': 'The race of two trainings' },
      this.about = h('p', {}),
      h('div', { className: 'toolbar' }, this.cancelButton), this.progress, this.chart.element, this.summary);
    this.describe = (steps) => `Two models with the same configuration (${RACE_MODEL.layers} layers, ${RACE_MODEL.heads} head of d_head = ${d}), seed, text and batches train ${steps} steps side by side, each in a worker of its own: one through the built-in attention, one through your function.`;
    this.about.textContent = this.describe(this.steps);
    this.current = null;
    this.plotted = [0, 0];
    host.replaceWith(this.element);
  }

  /** Races `source` for `steps` steps a side; returns the result line, the status sentence and the gap (none when cancelled). Other failures throw. */
  async race(source, steps = RACE_STEPS) {
    try {
      const { gap } = await this.run(source, steps);
      return { node: h('p', {}, `Race finished: ${gap === Infinity ? 'your function diverged' : `yours minus the built-in = ${gap.toFixed(3)} nats per character`}.`), said: 'Race finished.', gap };
    } catch (error) {
      if (error.name !== 'Cancelled') throw error;
      return { node: h('p', {}, 'Race cancelled: both workers were ended.'), said: 'Race cancelled.' };
    }
  }

  /** Races `source` against the built-in; resolves to the summary, or throws a sentence (Cancelled when cancelled). */
  async run(source, steps = RACE_STEPS) {
    this.steps = steps;
    this.about.textContent = this.describe(steps);
    this.chart.setSteps(steps);
    await this.chart.ready;
    this.chart.reset();
    this.chart.setSeries([
      { name: NAMES[0], colour: getComputedStyle(this.element).getPropertyValue('--attn-accent').trim() || '#1d5fbf' },
      { name: NAMES[1], colour: '#c2410c', dashed: true },
    ]);
    this.plotted = [0, 0];
    this.summary.textContent = '';
    this.progress.textContent = 'Starting two workers…';
    this.current = new Race({
      connect: this.connect,
      source,
      steps,
      onProgress: ({ losses }) => this.#draw(losses),
    });
    this.cancelButton.disabled = false;
    try {
      const { losses } = await this.current.run();
      this.#draw(losses);
      const summary = raceSummary(losses);
      this.summary.textContent = summary.text;
      return summary;
    } finally {
      this.cancelButton.disabled = true;
      this.current = null;
    }
  }

  cancel() {
    this.current?.cancel();
  }

  #draw(losses) {
    losses.forEach((loss, side) => {
      const points = [];
      for (let end = this.plotted[side] + BLOCK; end <= loss.length; end += BLOCK) {
        let s = 0;
        for (let i = end - BLOCK; i < end; i++) s += loss[i];
        if (Number.isFinite(s)) points.push([end, s / BLOCK]); // a diverged run: the summary says so
        this.plotted[side] = end;
      }
      if (points.length) this.chart.add(NAMES[side], points);
    });
    this.progress.textContent = `Step ${losses[0].length} of ${this.steps} with the built-in, ${losses[1].length} of ${this.steps} with yours (each point: the mean of ${BLOCK} steps).`;
  }
}
