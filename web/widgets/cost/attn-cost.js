// attn-cost.js — <attn-cost>: the §6.6 cost of one multi-head attention layer. The C core counts
// the multiply-adds of the projections, the scores, the weighted sum and W^O for the chosen N,
// d_model and h; a log–log chart shows the linear term 4·N·d², the quadratic term 2·N²·d and
// their total against N, with the crossover N = 2·d_model marked. The score table's entries and
// bytes per head per layer are printed. "Measure in my browser" times the core's own attention
// for N = 128 … 4,096 (d = 64) and plots it beside the model scaled to the first point.
//
// Below it, what the chapter's text on attention's origin adds (cost-variants.js): a recurrent layer and a sliding window beside
// attention's total, and the memory of the naive table against the tiled kernel, with "Measure memory".
//
// Attributes (declared below; observed and reflected as properties n, dModel, heads, …):
//   n           tokens, 16–65,536 (default 1024)
//   d-model     model width, 1–16,384 (default 512)
//   heads       number of heads, 1–16,384, must divide d-model (default 8)
//   window      the sliding window's keys per query, 1–65,536 (default 256)
//   cell        the recurrent layer: lstm (default), gru or elman
//   memory-max  the largest N "Measure memory" runs, a power of two from 1,024 to 32,768 (default 32,768)
//   flops       (present) count a multiply and an add as two operations: FLOPs, twice every term
// Events: `change` (bubbles) once per action, detail = { n, dModel, heads, window, cell, memoryMax, flops };
//         `measured-memory` (bubbles) when "Measure memory" finishes, detail = { points }; `measured`
//         (bubbles) when a measurement series finishes, detail = { points: [{ n, ms, predicted }] }.
// Method (declaredMethods): measure(), “Measure in my browser” for a page's script.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { integer, presence } from '../../ui/attribute-types.js';
import { event, method, settingsDetail, CONTROL_PARTS, FIGURE_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { measureForScript, mustHaveStarted } from '../../ui/widget-calls.js';
import { LogChart } from '../../ui/log-chart.js';
import { placeChartTable } from '../../ui/placed-chart-table.js';
import { counted, tickNumber, byteSize as bytes } from '../../ui/format.js';
import { Status } from '../../lib/errors.js';
import { measureSeries } from './cost-measure.js';
import { CostVariants, VARIANT_ATTRIBUTES, VARIANTS_IN_WORDS } from './cost-variants.js';

const N_MIN = 16, N_MAX = 65536, WIDTH_MAX = 16384;
const MEASURE_SIZES = [128, 256, 512, 1024, 2048, 4096];
const MEASURE_WIDTH = 64;
const count = (x) => Math.round(x).toLocaleString('en-US');

/** What the counts count: multiply-adds, or (flops) a multiply and an add apart, twice as many. */
const unitOf = (flops) => (flops
  ? { factor: 2, name: 'FLOPs', linear: '8·N·d²', quadratic: '4·N²·d', parts: ['6·N·d²', '2·N²·d', '2·N²·d', '2·N·d²'] }
  : { factor: 1, name: 'multiply-adds', linear: '4·N·d²', quadratic: '2·N²·d', parts: ['3·N·d²', 'N²·d', 'N²·d', 'N·d²'] });

export class AttnCost extends AttnWidget {
  static title = 'What attention costs as the sequence grows';
  static declaredAttributes = {
    n: integer({ min: N_MIN, max: N_MAX, fallback: 1024, message: `N must be a whole number between ${count(N_MIN)} and ${count(N_MAX)}.` }),
    'd-model': integer({ min: 1, max: WIDTH_MAX, fallback: 512, message: `d_model must be a whole number between 1 and ${count(WIDTH_MAX)}.` }),
    heads: integer({ min: 1, max: WIDTH_MAX, fallback: 8, message: `h must be a whole number between 1 and ${count(WIDTH_MAX)}.`,
      values: '`1`–`16384`, dividing `d-model`' }),
    ...VARIANT_ATTRIBUTES, // beside attention: window, cell, memory-max (cost-variants.js)
    flops: presence(),
  };
  static declaredEvents = {
    change: event({ when: 'a setting changed', detail: settingsDetail(this.declaredAttributes) }),
    measured: event({ when: '“Measure in my browser” finished', detail: { points: '{ n: number; ms: number; predicted: number }[]' } }),
    // cost-variants.js: per N, the naive kernel then the tiled one, each measured or refused
    'measured-memory': event({
      when: '“Measure memory” finished',
      detail: {
        points: "({ kernel: 'naive' | 'tiled'; n: number; d: number; heldBytes: number; tableBytes: number; workBytes: number; memoryBytes: number; ms: number; largestDifference?: number } "
          + "| { kernel: 'naive' | 'tiled'; n: number; refused: string })[]",
      },
    }),
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };
  static declaredMethods = {
    measure: method({
      does: 'times the core’s attention for N = 128 … 4,096, as “Measure in my browser” does, and resolves to the points of the `measured` event; '
        + 'rejects with an AttnError before the widget has started, while a measurement runs, or when it fails',
      returns: 'Promise<{ n: number; ms: number; predicted: number }[]>',
    }),
  };

  inWords() {
    return 'A calculator for one layer of multi-head attention. Choose the number of tokens N, the model '
      + 'width and the number of heads. It counts the multiply-adds of each part: the three projections and '
      + 'the output projection grow in proportion to N, while the scores and the weighted sum grow with N '
      + 'squared. A log–log chart draws both parts and their total against N; the squared part overtakes '
      + 'the other at N equal to twice the model width, marked on the chart. It also gives the size of the '
      + 'table of scores each head holds, and can time the real attention code in your browser for N from '
      + `128 to 4,096 to compare with the prediction. ${VARIANTS_IN_WORDS} ${this.#nowInWords()}`.trim();
  }

  /** The count on screen in a sentence, with the settings it is for (the last that fit: heads
   *  that do not divide d_model are refused beside the field); empty before the first one. */
  #nowInWords() {
    const c = this.cost;
    if (!c) return '';
    const { n, dModel, heads } = this.costSettings;
    const larger = c.quadratic > c.linear ? 'the N² term is the larger' : c.quadratic < c.linear ? 'the linear term is the larger' : 'the two terms are equal';
    const unit = unitOf(this.flops);
    return `Now: N = ${count(n)}, d_model = ${count(dModel)}, ${counted(heads, 'head')}: `
      + `${count(unit.factor * c.total)} ${unit.name} in all, and ${larger}; each head's score table holds ${count(c.scoreEntries)} entries.`;
  }

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, costSheet()];
    this.nRange = h('input', { type: 'range', id: 'n-range', min: 4, max: 16, step: 1,
      'aria-label': 'N, tokens (log scale, powers of two)',
      oninput: () => this.act(() => { this.n = 2 ** Number(this.nRange.value); }) });
    this.nInput = this.bindField('n', h('input', { type: 'number', id: 'n', min: N_MIN, max: N_MAX, step: 1 }));
    this.dInput = this.bindField('d-model', h('input', { type: 'number', id: 'd-model', 'aria-label': 'd_model (model width)', min: 1, max: WIDTH_MAX, step: 1 }));
    this.hInput = this.bindField('heads', h('input', { type: 'number', id: 'heads', min: 1, max: WIDTH_MAX, step: 1 }));
    this.flopsBox = h('input', { type: 'checkbox', id: 'flops', onchange: () => this.act(() => { this.flops = this.flopsBox.checked; }) });
    // One line under the controls for every refusal: a bad number, or heads not dividing d_model.
    this.error = h('p', { className: 'error', role: 'alert', hidden: true });
    this.routeProblems(this.error, ['n', 'd-model', 'heads', 'heads-shape', 'core'], undefined, { 'heads-shape': 'heads' });
    body.append(
      h('div', { className: 'controls' },
        h('label', { for: 'n' }, 'N (tokens)'), h('div', { className: 'n-controls' }, this.nRange, this.nInput),
        h('label', { for: 'd-model' }, 'd', h('sub', {}, 'model')), this.dInput,
        h('label', { for: 'heads' }, 'h (heads)'), this.hInput),
      h('p', { className: 'flops-switch' }, h('label', {}, this.flopsBox, ' Count a multiply and an add as two operations (FLOPs)')),
      this.error);

    this.summary = h('p', { className: 'summary', 'aria-live': 'polite' });
    this.headsNote = h('p', { className: 'heads-note' });
    this.table = h('table', { className: 'cost-table', 'aria-label': 'Multiply-adds of one attention layer' });
    this.scoreTable = h('p', { className: 'score-table', 'aria-live': 'polite' });
    this.chartCanvas = h('canvas', { role: 'img', 'aria-label': 'Log–log chart of the cost terms against N' });
    this.chartText = h('p', { className: 'chart-text' });
    // The chart's box is shaded (class "waiting") until it is drawn; its table row is in place.
    this.chartBox = h('div', { className: 'chart-box waiting' }, this.chartCanvas);
    body.append(this.summary, this.headsNote, scrollFocus(h('div', { className: 'table-scroll' }, this.table), 'Multiply-adds (scrolls sideways)'), this.scoreTable,
      this.chartBox, this.chartText);
    placeChartTable(this.chartCanvas, 'multiply-adds against N (tokens)'); // LogChart's caption

    this.measureButton = actionButton({ onclick: () => this.act(() => this.#measure()) }, 'Measure in my browser');
    this.measureStatus = h('p', { className: 'measure-status', role: 'status' });
    this.measureTable = h('table', { className: 'cost-table', 'aria-label': 'Measured attention times', hidden: true });
    this.measureCanvas = h('canvas', { role: 'img', 'aria-label': 'Log–log chart of measured and predicted attention times against N' });
    this.measureBox = h('div', { className: 'chart-box', hidden: true }, this.measureCanvas);
    body.append(h(this.subheading, {}, 'Measured on this machine'),
      h('p', {}, `The core’s own attention (one head, d = ${MEASURE_WIDTH}, no mask) for N = 128 to 4,096, against the model’s 2·N²·d scaled to the first point.`),
      h('div', { className: 'toolbar' }, this.measureButton), this.measureStatus,
      scrollFocus(h('div', { className: 'table-scroll' }, this.measureTable), 'Measured times (scrolls sideways)'), this.measureBox);
    this.variants = new CostVariants(this, body, this.subheading); // beside attention
  }

  render() {
    const n = this.n, dModel = this.dModel, heads = this.heads;
    this.flopsBox.checked = this.flops;
    this.nRange.value = String(Math.round(Math.log2(n)));
    this.nRange.setAttribute('aria-valuetext', `N = ${count(n)}`);
    if (!this.attn) return this.#reserve();
    let c;
    try {
      c = this.attn.cost({ n, dModel, heads });
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      // Heads that do not divide d_model are said of the h field, and mark it. Both settings
      // stay as set (either may be changed next to fit); the last numbers that fit stay shown.
      if (error.code === Status.SHAPE) this.setProblem('heads-shape', headsRefusal(dModel, heads, this.costSettings));
      else this.setProblem('core', error.message);
      return;
    }
    this.setProblem('core', null);
    this.setProblem('heads-shape', null);
    this.cost = c;
    this.costSettings = { n, dModel, heads };
    this.#describe(c);
    this.#drawChart(c);
    this.variants.render(this.attn); // beside attention
  }

  /** Before the widget starts: the sentences and the table laid out with “…” for each number the
   *  core gives, so that starting fills them in place. */
  #reserve() {
    if (this.hasProblem('heads') || this.dModel % this.heads !== 0) return; // said once it starts
    this.#describe(null);
    replaceChildren(this.chartText, 'Chart: the linear term, the quadratic term and the total for N from 16 to 65,536, drawn once computed.');
    this.variants.reserve();
  }

  /** The summary, the note on heads, the table and the score table for cost `c` (null: “…”). */
  #describe(c) {
    const n = this.n, dModel = this.dModel, heads = this.heads;
    const unit = unitOf(this.flops);
    const shown = (x) => (c ? count(unit.factor * x) : '…');
    const dk = dModel / heads;
    replaceChildren(this.summary,
      `${counted(heads, 'head')} × ${counted(dk, 'feature')} = d_model ${count(dModel)}. `
      + `Crossover at N = ${c ? count(c.crossover) : '…'}: `
      + (!c ? `which term is the larger at N = ${count(n)} is said once computed.`
        : c.quadratic > c.linear ? `at N = ${count(n)} the N² term is the larger.`
          : c.quadratic < c.linear ? `at N = ${count(n)} the linear term is still the larger.`
            : `at N = ${count(n)} the two terms are equal.`)
      + (this.flops ? ' Counting a multiply and an add apart doubles both terms, so the crossover does not move.' : ''));
    replaceChildren(this.headsNote,
      `Why h changes no ${this.flops ? 'operation' : 'multiply-add'}: ${heads} head${heads === 1 ? '' : 's'} of ${count(dk)} features do the same arithmetic as one head of `
      + `${count(dModel)} (h · N² · d_model/h = N² · d_model). What h changes is the number of N × N score tables: ${heads} per layer, below.`);
    replaceChildren(this.table,
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'part'), h('th', { scope: 'col' }, 'formula'), h('th', { scope: 'col' }, unit.name))),
      h('tbody', {},
        row('Projections Q, K, V', unit.parts[0], shown(c?.projections)),
        row('Scores Q·Kᵀ', unit.parts[1], shown(c?.scores)),
        row('Weighted sum A·V', unit.parts[2], shown(c?.weighted)),
        row('Output projection Wᴼ', unit.parts[3], shown(c?.output)),
        row('Linear term', unit.linear, shown(c?.linear), 'term'),
        row('Quadratic term', unit.quadratic, shown(c?.quadratic), 'term'),
        row('Total', `${unit.linear} + ${unit.quadratic}`, shown(c?.total), 'total')));
    replaceChildren(this.scoreTable,
      `Score table at N = ${count(n)}: ${shown(c?.scoreEntries)} entries per head per layer, `
      + `${shown(c?.scoreBytes)} bytes (${c ? bytes(c.scoreBytes) : '…'}) in float32; `
      + `${shown(c?.layerEntries)} entries for ${heads === 1 ? 'the layer’s one head' : `all ${count(heads)} heads of the layer`}.`);
  }

  async #drawChart(current) {
    const dModel = this.dModel, heads = this.heads;
    const points = [];
    for (let e = 4; e <= 16; e += 0.25) {
      const n = Math.round(2 ** e);
      points.push({ n, ...this.attn.cost({ n, dModel, heads }) });
    }
    this.chart ??= await (this.chartPromise ??= LogChart.create(this.chartCanvas, {
      xTitle: 'N (tokens)', yTitle: 'multiply-adds',
      series: [
        { id: 'linear', label: 'linear term 4·N·d²' },
        { id: 'quadratic', label: 'quadratic term 2·N²·d' },
        { id: 'total', label: 'total' },
        { id: 'here', label: 'chosen N', points: 5, line: false },
      ],
      formatX: (x) => count(x), formatY: tickNumber,
    }));
    if (this.cost !== current) return; // a newer render has taken over
    this.chartBox.classList.remove('waiting');
    const unit = unitOf(this.flops), f = unit.factor;
    this.chart.retitle({ yTitle: unit.name, labels: { linear: `linear term ${unit.linear}`, quadratic: `quadratic term ${unit.quadratic}` } });
    this.chart.setSeries('linear', points.map((p) => ({ x: p.n, y: f * p.linear })));
    this.chart.setSeries('quadratic', points.map((p) => ({ x: p.n, y: f * p.quadratic })));
    this.chart.setSeries('total', points.map((p) => ({ x: p.n, y: f * p.total })));
    this.chart.setSeries('here', [{ x: this.n, y: f * current.total }]);
    const inRange = current.crossover >= N_MIN && current.crossover <= N_MAX;
    this.chart.setMarker({ x: inRange ? current.crossover : 0, label: `crossover N = ${count(current.crossover)}` });
    this.chart.draw();
    replaceChildren(this.chartText,
      `Chart: the linear term, the quadratic term and the total for N from 16 to 65,536 at d_model = ${count(dModel)}; `
      + (inRange ? `the dashed vertical line marks the crossover, N = ${count(current.crossover)}.`
        : `the crossover, N = ${count(current.crossover)}, is outside this range.`));
    this.chartCanvas.dataset.drawn = `${dModel}/${heads}`;
  }

  /** “Measure in my browser” for a page's script: resolves to the points of the `measured` event,
   *  rejects with a sentence before the start, while a measurement runs, or when it fails. */
  async measure() {
    mustHaveStarted(this, 'measure()');
    return measureForScript(this, 'measure()', { running: this.measuring, measure: () => this.#measure(), statusLine: this.measureStatus });
  }

  /** Times the core's attention for N = 128 … 4,096 and plots it beside the scaled model; resolves
   *  to the points, or to null when it failed (said on the status line). */
  async #measure() {
    if (!this.attn || this.measuring) return null;
    this.measuring = true;
    this.measureButton.disabled = true;
    const points = [];
    const model = (n) => this.attn.cost({ n, dModel: MEASURE_WIDTH, heads: 1 }).quadratic;
    this.measureTable.hidden = false;
    const tbody = h('tbody');
    replaceChildren(this.measureTable,
      h('thead', {}, h('tr', {}, ...['N', 'measured (ms)', 'model, scaled (ms)', 'measured ÷ model'].map((t) => h('th', { scope: 'col' }, t)))),
      tbody);
    this.measureStatus.textContent = `Measuring N = ${count(MEASURE_SIZES[0])}…`;
    try {
      await measureSeries(this.attn, {
        sizes: MEASURE_SIZES, d: MEASURE_WIDTH,
        onPoint: ({ n, ms }) => {
          const predicted = points.length ? points[0].ms * (model(n) / model(points[0].n)) : ms;
          points.push({ n, ms, predicted });
          tbody.append(h('tr', {}, h('td', {}, count(n)), h('td', {}, ms.toFixed(2)), h('td', {}, predicted.toFixed(2)), h('td', {}, (ms / predicted).toFixed(2))));
          const next = MEASURE_SIZES[points.length];
          this.measureStatus.textContent = next ? `Measured N = ${count(n)}; measuring N = ${count(next)}…` : `Measured N = ${count(n)}.`;
        },
      });
      this.measureStatus.textContent = `Done: ${points.length} sizes measured. Doubling N multiplied the time by `
        + `${points.slice(1).map((p, i) => (p.ms / points[i].ms).toFixed(1)).join(', ')} (the model says 4).`;
      await this.#drawMeasured(points);
      this.dispatchEvent(new CustomEvent('measured', { bubbles: true, detail: { points } }));
      return points;
    } catch (error) {
      this.measureStatus.textContent = `Measuring failed: ${error.message}`;
      return null;
    } finally {
      this.measuring = false;
      this.measureButton.disabled = false;
    }
  }

  async #drawMeasured(points) {
    this.measureBox.hidden = false;
    this.measureChart ??= await LogChart.create(this.measureCanvas, {
      xTitle: 'N (tokens)', yTitle: 'milliseconds',
      series: [{ id: 'measured', label: 'measured', points: 4 }, { id: 'model', label: 'model 2·N²·d, scaled to the first point' }],
      formatX: (x) => count(x), formatY: tickNumber,
    });
    this.measureChart.setSeries('measured', points.map((p) => ({ x: p.n, y: p.ms > 0 ? p.ms : 1e-3 })));
    this.measureChart.setSeries('model', points.map((p) => ({ x: p.n, y: p.predicted > 0 ? p.predicted : 1e-3 })));
    this.measureChart.draw();
  }
}

/** Heads that do not divide d_model, said in the widget's own names (h, d_model); `shown`: the
 *  settings of the numbers still on screen, if any. */
function headsRefusal(dModel, heads, shown) {
  return `h = ${count(heads)} does not divide d_model = ${count(dModel)}: every head gets the same whole number of features, `
    + `d_model ÷ h, and ${count(dModel)} ÷ ${count(heads)} = ${Number((dModel / heads).toFixed(4))} is not a whole number. Choose an h that divides d_model.`
    + (shown ? ` The numbers shown are still those of N = ${count(shown.n)}, d_model = ${count(shown.dModel)}, h = ${count(shown.heads)}.` : '');
}

/** A row of the table; `shown` is the number as text (“…” before the widget starts). */
function row(name, formula, shown, className) {
  return h('tr', { className }, h('th', { scope: 'row' }, name), h('td', { className: 'formula' }, formula), h('td', {}, shown));
}

let sheet = null;
function costSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    :is(h2, h3, h4, h5, h6):not(.widget-title) { margin: 1rem 0 0.3rem; font-size: calc(0.95 * var(--attn-em)); }
    .controls { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.4rem 0.8rem; align-items: center; max-width: 34rem; }
    /* A phone: each label above its control, so the recurrent layer's choice is read whole. */
    @media (max-width: 480px) { .controls { grid-template-columns: minmax(0, 1fr); gap: 0.15rem; } .controls label { margin-top: 0.3rem; } }
    .n-controls { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: center; }
    .n-controls input[type="range"] { flex: 1; min-width: 8rem; }
    input[type="number"] { font: inherit; width: 7rem; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border);
      border-radius: var(--attn-radius-small); background: var(--attn-bg); color: inherit; }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .cost-table { border-collapse: collapse; font-size: calc(0.88 * var(--attn-em)); margin: 0.5rem 0; }
    .cost-table th, .cost-table td { border-bottom: 1px solid var(--attn-border); padding: 0.2rem 0.6rem; text-align: right; }
    .cost-table th[scope="row"], .cost-table thead th:first-child { text-align: left; font-weight: 500; }
    .cost-table td { font-family: var(--attn-mono); }
    .cost-table tr.total { font-weight: 700; }
    .cost-table tr.term th { font-style: italic; }
    .chart-box { position: relative; height: 300px; max-width: 40rem; }
    .chart-box canvas { max-width: 100%; }
    .chart-text, .score-table, .summary, .heads-note { font-size: calc(0.9 * var(--attn-em)); }
    .heads-note { color: var(--attn-muted); }
    .measure-status { font-size: calc(0.9 * var(--attn-em)); }
  `);
  return sheet;
}

defineWidget('attn-cost', AttnCost);
