// cost-variants.js — what the chapter's text on attention's origin adds to <attn-cost>, kept apart from the §6.6 calculator:
// beside attention's total, a recurrent layer's cost c·N·d² (linear in N, but N steps one after
// another) with the N past which attention's total is the larger, a sliding window's cost
// 2·N·min(w, N)·d + 4·N·d² (the full cost again at w ≥ N), and memory: the naive kernel's
// N × N table of one head against the tiled kernel's working memory, with "Measure memory",
// which runs both kernels in this browser (cost-memory.js). Every number is the core's
// (attn.cost, attn.costVariants, attn.measureMemory).
//
// The widget declares the attributes below with its own and calls build(), render() and
// measureMemory(); the README's table for <attn-cost> lists them.

import { choice, integer } from '../../ui/attribute-types.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { LogChart } from '../../ui/log-chart.js';
import { placeChartTable } from '../../ui/placed-chart-table.js';
import { counted, byteSize as bytes, compactCount as shortCount } from '../../ui/format.js';
import { measureMemorySeries } from './cost-memory.js';

const N_MIN = 16, N_MAX = 65536;
const CELLS = { lstm: 'an LSTM (8 matrices per token)', gru: 'a GRU (6 matrices per token)', elman: 'a plain RNN (2 matrices per token)' };
const MATRICES = { lstm: 8, gru: 6, elman: 2 };
const MEMORY_WIDTH = 64;
const count = (x) => Math.round(x).toLocaleString('en-US');

/** The costs drawn on the charts: attn.cost and attn.costVariants at N = 16 … 65,536 (four a doubling). */
function chartPoints(attn, settings) {
  const points = [];
  for (let e = 4; e <= 16; e += 0.25) {
    const n = Math.round(2 ** e);
    points.push({ n, ...attn.cost({ ...settings, n }), ...attn.costVariants({ ...settings, n }) });
  }
  return points;
}

/** How much a window saves, from the full cost's ratio to it (a ratio that rounds to 1.0 is said as such). */
function windowSaving(ratio) {
  const shown = ratio.toFixed(1);
  return shown === '1.0'
    ? ', within 5% of full attention’s total at this N.'
    : `, ${shown} times less than full attention at this N.`;
}

/** Whose scratch the tiled kernel's memory is: one area for each thread the core can use. */
const tiledShare = (threads) => (threads === 1 ? '' : `for each of the core’s ${threads} threads, `);

/** The attributes the cost variants add to <attn-cost>. */
export const VARIANT_ATTRIBUTES = {
  window: integer({ min: 1, max: N_MAX, fallback: 256, label: 'The window w', message: (typed) => `The window w must be a whole number between 1 and 65,536, but it is “${String(typed).trim()}”.` }),
  cell: choice(Object.keys(CELLS), { label: 'The recurrent cell', values: '`lstm`, `gru`, `elman`' }),
  'memory-max': choice(['1024', '2048', '4096', '8192', '16384', '32768'], { fallback: '32768', label: 'memory-max',
    values: '`1024`, `2048`, …, `32768`', message: (typed) => `memory-max must be a power of two from 1,024 to 32,768, but it is “${String(typed).trim()}”.` }),
};

/** The sentences <attn-cost>'s "In words" adds for this section. */
export const VARIANTS_IN_WORDS = 'Under it, a second chart sets attention’s total beside a recurrent layer, whose cost grows only in '
  + 'proportion to N but whose steps must run one after another, marks where attention’s total overtakes it, and adds '
  + 'attention with a sliding window of chosen width. A last part compares memory: the table of scores one head holds in '
  + 'a naive kernel grows with N squared, while the tiled kernel keeps a few tiles; “Measure memory” runs both in your '
  + 'browser, and the naive one is refused where its table cannot fit.';

export class CostVariants {
  /** Builds the section into `body`; `widget` is the <attn-cost> (its attributes, act(), problems). */
  constructor(widget, body, heading) {
    this.widget = widget;
    this.windowInput = widget.bindField('window', h('input', { type: 'number', id: 'window', min: 1, max: N_MAX, step: 1 }));
    this.cellSelect = h('select', { id: 'cell', onchange: () => widget.act(() => { widget.cell = this.cellSelect.value; }) },
      Object.entries(CELLS).map(([value, label]) => h('option', { value }, label)));
    widget.shadowRoot.adoptedStyleSheets = [...widget.shadowRoot.adoptedStyleSheets, variantsSheet()];
    this.summary = h('div', { className: 'summary variants-summary', 'aria-live': 'polite' });
    this.canvas = h('canvas', { role: 'img', 'aria-label': 'Log–log chart of attention’s total, a recurrent layer and a sliding window against N' });
    this.chartText = h('p', { className: 'chart-text' });
    this.memoryLine = h('p', { className: 'score-table memory-line' });
    this.memoryCanvas = h('canvas', { role: 'img', 'aria-label': 'Log–log chart of the naive table and the tiled kernel’s memory against N' });

    this.memoryButton = actionButton({ onclick: () => widget.act(() => this.measureMemory()) }, 'Measure memory');
    this.memoryStatus = h('p', { className: 'measure-status', role: 'status' });
    this.memoryTable = h('table', { className: 'cost-table', 'aria-label': 'Measured memory of both kernels', hidden: true });
    // Refusals of this section's settings, beside its controls (polite: the widget keeps one alert).
    this.error = h('p', { className: 'error', 'aria-live': 'polite', hidden: true });
    widget.routeProblems(this.error, ['window', 'cell', 'memory-max', 'variants-core']);
    body.append(
      h(heading, {}, 'Beside a recurrent layer and a sliding window'),
      h('div', { className: 'controls' },
        h('label', { for: 'cell' }, 'Recurrent layer'), this.cellSelect,
        h('label', { for: 'window' }, 'Window w'), this.windowInput),
      this.error,
      this.summary,
      this.box = h('div', { className: 'chart-box waiting' }, this.canvas), this.chartText,
      h(heading, {}, 'Memory: the score table against the tiled kernel'),
      this.memoryLine,
      this.memoryBox = h('div', { className: 'chart-box waiting' }, this.memoryCanvas),
      h('p', {}, `“Measure memory” runs both kernels in your browser (one head, d = ${MEMORY_WIDTH}, no mask) from N = 1,024 up, each in a fresh copy of the core, and reports the memory each held while it ran and the size its WebAssembly memory grew to.`),
      h('div', { className: 'toolbar' }, this.memoryButton), this.memoryStatus,
      scrollFocus(h('div', { className: 'table-scroll' }, this.memoryTable), 'Measured memory (scrolls sideways)'));
    // The charts' boxes are shaded (class "waiting") until drawn; their table rows are in place (LogChart's captions).
    placeChartTable(this.canvas, 'multiply-adds against N (tokens)');
    placeChartTable(this.memoryCanvas, 'bytes against N (tokens)');
  }

  /** Before the widget starts: the summary and the memory line with “…” for each number the core
   *  gives, so that starting fills them in place. */
  reserve() {
    const w = this.widget;
    this.cellSelect.value = w.cell;
    const matrices = MATRICES[w.cell];
    replaceChildren(this.summary,
      h('p', {}, `A recurrent layer of width d reads the tokens one after another through ${CELLS[w.cell]}: `
        + `${matrices}·N·d² = … multiply-adds at N = ${count(w.n)}, against attention’s …. `
        + 'The recurrence is linear in N; where attention’s total passes it, and what that means for the arithmetic, is said here once computed.'),
      h('p', {}, 'So attention does not win on arithmetic: it wins on parallelism. A recurrence needs N steps, each waiting '
        + 'for the one before; attention computes all N rows of its table at once.'),
      h('p', {}, `A sliding window of w = ${counted(w.window, 'key')} per query costs 4·N·d² + 2·N·min(w, N)·d = …, against full attention’s total at this N.`));
    replaceChildren(this.memoryLine,
      `At N = ${count(w.n)}, the naive kernel holds one head’s N × N table: N² × 4 = … bytes (…); `
      + 'the tiled kernel never builds it, and its whole working memory is … bytes (…): the keys and values packed, N·2·d_k floats, and a few tiles.');
    replaceChildren(this.chartText, 'Chart: attention’s total, the recurrent layer and attention with a window, drawn once computed.');
  }

  /** Recomputes and redraws for the widget's current N, d_model, h, window and cell. */
  render(attn) {
    const w = this.widget;
    this.cellSelect.value = w.cell;
    const settings = { n: w.n, dModel: w.dModel, heads: w.heads, window: w.window, cell: w.cell };
    // Everything the section shows, for these settings and the charts' N = 16 … 65,536, before
    // anything is drawn: a size the core refuses is said beside the section, which keeps its
    // last good state.
    let v, c, points;
    try {
      v = attn.costVariants(settings);
      c = attn.cost(settings);
      points = chartPoints(attn, settings);
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      w.setProblem('variants-core', `${error.message} The last good charts are still shown.`);
      return;
    }
    w.setProblem('variants-core', null);
    this.latest = v;
    const d = count(settings.dModel), cross = v.recurrenceCrossover;
    const matrices = MATRICES[settings.cell];
    const overtakes = cross > 0
      ? `attention’s total 4·N·d² + 2·N²·d passes the recurrence’s ${matrices}·N·d² at N = ${count(cross)} (= (${matrices} − 4)·d/2 at d_model ${d}); below it, attention does less arithmetic.`
      : `attention’s total 4·N·d² + 2·N²·d is the larger at every N: its four projections alone cost 4·N·d², more than the recurrence’s ${matrices}·N·d².`;
    replaceChildren(this.summary,
      h('p', {}, `A recurrent layer of width d reads the tokens one after another through ${CELLS[settings.cell]}: `
        + `${matrices}·N·d² = ${count(v.recurrence)} multiply-adds at N = ${count(settings.n)}, against attention’s ${count(c.total)}. `
        + `The recurrence is linear in N; ${overtakes}`),
      h('p', {}, 'So attention does not win on arithmetic: it wins on parallelism. A recurrence needs N steps, each waiting '
        + 'for the one before; attention computes all N rows of its table at once.'),
      h('p', {}, `A sliding window of w = ${counted(settings.window, 'key')} per query costs 4·N·d² + 2·N·min(w, N)·d = ${count(v.windowTotal)}`
        + (settings.window >= settings.n ? ', the full cost, since w ≥ N.' : windowSaving(c.total / v.windowTotal))));
    replaceChildren(this.memoryLine,
      `At N = ${count(settings.n)}, the naive kernel holds one head’s N × N table: N² × 4 = ${count(v.naiveBytes)} bytes (${bytes(v.naiveBytes)}); `
      + `the tiled kernel never builds it, and its whole working memory is ${count(v.tiledBytes)} bytes (${bytes(v.tiledBytes)}): `
      + `${tiledShare(v.tiledThreads)}the keys and values packed, N·2·d_k = ${count(2 * settings.n * (settings.dModel / settings.heads))} floats, and a few tiles.`);
    this.#draw(settings, v, points);
  }

  async #draw(settings, current, points) {
    this.chart ??= await (this.chartPromise ??= LogChart.create(this.canvas, {
      xTitle: 'N (tokens)', yTitle: 'multiply-adds',
      series: [{ id: 'total', label: 'attention, total' }, { id: 'recurrence', label: 'recurrent layer' }, { id: 'window', label: 'attention, sliding window' }],
      formatX: count, formatY: shortCount,
    }));
    this.memoryChart ??= await (this.memoryPromise ??= LogChart.create(this.memoryCanvas, {
      xTitle: 'N (tokens)', yTitle: 'bytes', series: [{ id: 'naive', label: 'naive: the N × N table of one head' }, { id: 'tiled', label: 'tiled: its working memory' }],
      formatX: count, formatY: (y) => (y < 1000 ? `${shortCount(y)} B` : `${shortCount(y)}B`), // ticks at powers of ten: 1 kB, 10 MB, 1 GB
    }));
    if (this.latest !== current) return; // a newer render has taken over
    this.box.classList.remove('waiting');
    this.memoryBox.classList.remove('waiting');
    this.chart.setSeries('total', points.map((p) => ({ x: p.n, y: p.total })));
    this.chart.setSeries('recurrence', points.map((p) => ({ x: p.n, y: p.recurrence })));
    this.chart.setSeries('window', points.map((p) => ({ x: p.n, y: p.windowTotal })));
    const cross = current.recurrenceCrossover;
    const inRange = cross >= N_MIN && cross <= N_MAX;
    this.chart.setMarker({ x: inRange ? cross : 0, label: `attention passes the recurrence: N = ${count(cross)}` });
    this.chart.draw();
    this.memoryChart.setSeries('naive', points.map((p) => ({ x: p.n, y: p.naiveBytes })));
    this.memoryChart.setSeries('tiled', points.map((p) => ({ x: p.n, y: p.tiledBytes })));
    this.memoryChart.setMarker({ x: settings.n, label: `chosen N = ${count(settings.n)}` });
    this.memoryChart.draw();
    replaceChildren(this.chartText,
      `Chart: attention’s total, the recurrent layer and attention with a window of ${count(settings.window)} for N from 16 to 65,536 at d_model = ${count(settings.dModel)}; `
      + (inRange ? `the dashed line marks N = ${count(cross)}, where attention’s total passes the recurrence.`
        : cross > 0 ? `attention passes the recurrence at N = ${count(cross)}, outside this range.` : 'attention’s total is above the recurrence everywhere.'));
    this.canvas.dataset.drawn = `${settings.dModel}/${settings.heads}/${settings.window}/${settings.cell}`;
  }

  /** Runs both kernels at N = 1,024 … memory-max in a worker and tabulates what each needed. */
  async measureMemory() {
    const w = this.widget;
    if (!w.attn || this.measuring) return;
    this.measuring = true;
    this.memoryButton.disabled = true;
    const top = Number(w.memoryMax);
    const sizes = [];
    for (let n = 1024; n <= top; n *= 2) sizes.push(n);
    const rows = new Map();
    const tbody = h('tbody');
    this.memoryTable.hidden = false;
    replaceChildren(this.memoryTable,
      h('thead', {}, h('tr', {}, ...['N', 'naive: held', 'naive: memory', 'tiled: held', 'tiled: memory', 'largest |tiled − naive|'].map((t) => h('th', { scope: 'col' }, t)))),
      tbody);
    const results = [];
    this.memoryStatus.textContent = `Running the naive kernel at N = ${count(sizes[0])}…`;
    try {
      await measureMemorySeries({ sizes, d: MEMORY_WIDTH, onPoint: (point) => {
        results.push(point);
        if (!rows.has(point.n)) {
          const cells = [h('td'), h('td'), h('td'), h('td'), h('td', {}, '—')];
          rows.set(point.n, cells);
          tbody.append(h('tr', {}, h('th', { scope: 'row' }, count(point.n)), cells));
        }
        const cells = rows.get(point.n), at = point.kernel === 'naive' ? 0 : 2;
        if (point.refused) {
          cells[at].textContent = 'refused';
          cells[at + 1].textContent = `${bytes(4 * point.n * point.n)} table`;
          this.refusal = point.refused;
        } else {
          cells[at].textContent = bytes(point.heldBytes);
          cells[at + 1].textContent = bytes(point.memoryBytes);
          if (point.largestDifference !== undefined) cells[4].textContent = point.largestDifference.toExponential(1);
        }
        const next = point.kernel === 'naive' ? `the tiled kernel at N = ${count(point.n)}` : sizes[sizes.indexOf(point.n) + 1] ? `the naive kernel at N = ${count(sizes[sizes.indexOf(point.n) + 1])}` : null;
        this.memoryStatus.textContent = next ? `Running ${next}…` : 'Done.';
      } });
      const refused = results.find((p) => p.refused);
      const biggest = results.filter((p) => p.kernel === 'tiled').at(-1);
      const both = results.filter((p) => p.largestDifference !== undefined);
      const agree = both.length === 0 ? '' : ` Where both ran (N = ${count(both[0].n)} to ${count(both.at(-1).n)}), their outputs from the same Q, K and V `
        + `differ by at most ${Math.max(...both.map((p) => p.largestDifference)).toExponential(1)}: the same attention, up to float32 rounding, without the table.`;
      this.memoryStatus.textContent = `Done: the tiled kernel ran to N = ${count(biggest.n)} holding ${bytes(biggest.heldBytes)}. `
        + (refused ? refused.refused : `The naive kernel ran at every size, its table growing four times with each doubling of N.`) + agree;
      w.dispatchEvent(new CustomEvent('measured-memory', { bubbles: true, detail: { points: results } }));
    } catch (error) {
      this.memoryStatus.textContent = `Measuring memory failed: ${error.message}`;
    } finally {
      this.measuring = false;
      this.memoryButton.disabled = false;
    }
  }
}

let sheet = null;
function variantsSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .controls select { justify-self: start; max-width: 100%; font: inherit; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border);
      border-radius: 6px; background: var(--attn-bg); color: inherit; }
    .variants-summary p { margin: 0.35rem 0; }
  `);
  return sheet;
}
