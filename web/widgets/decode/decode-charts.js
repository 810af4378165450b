// decode-charts.js — <attn-decode>'s two small charts against t, the characters in the sequence,
// from t = 1 to the model's context: the multiply-adds of one step with the KV cache and when
// recomputing the prefix (log–log: slopes 1 and 2 in the attention term), and the cache's bytes
// (2 · layers · t · d_model · 4). Every point is attn.decodeCost's; a marker shows the current t.
// Chart.js loads with the first chart (log-chart.js).

import { h, replaceChildren } from '../../ui/dom.js';
import { LogChart } from '../../ui/log-chart.js';
import { placeChartTable } from '../../ui/placed-chart-table.js';
import { byteSize as bytes, compactCount as shortCount } from '../../ui/format.js';

const count = (x) => Math.round(x).toLocaleString('en-US');

export class DecodeCharts {
  constructor() {
    this.workCanvas = h('canvas', { role: 'img', 'aria-label': 'Log–log chart: multiply-adds of one decoding step against t, with the cache and recomputing' });
    this.memoryCanvas = h('canvas', { role: 'img', 'aria-label': 'Log–log chart: bytes of the KV cache against t' });
    this.text = h('p', { className: 'chart-text' });
    // Each chart in its own cell: the chart's "Show data as a table" goes under its box.
    // The boxes are shaded (class "waiting") until drawn; their table rows are in place (LogChart's captions).
    this.boxes = [h('div', { className: 'chart-box waiting' }, this.workCanvas), h('div', { className: 'chart-box waiting' }, this.memoryCanvas)];
    this.element = h('div', { className: 'decode-charts' }, this.boxes.map((box) => h('div', {}, box)), this.text);
    placeChartTable(this.workCanvas, 'multiply-adds per step against t (characters so far)');
    placeChartTable(this.memoryCanvas, 'bytes of the cache against t (characters so far)');
    this.text.textContent = 'Charts: one step’s multiply-adds for t = 1 to the model’s context, with the cache and recomputing, '
      + 'and the cache’s bytes; drawn once the model is loaded.';
    this.key = null;
  }

  /** Draws the curves for this model (once per model) and the marker at t. */
  async draw(attn, { vocab, layers, dModel, context }, t) {
    const key = `${vocab}/${layers}/${dModel}/${context}`;
    this.work ??= await (this.workPromise ??= LogChart.create(this.workCanvas, {
      xTitle: 't (characters so far)', yTitle: 'multiply-adds per step', xName: 't',
      series: [{ id: 'cached', label: 'attention, cached' }, { id: 'recompute', label: 'attention, recomputed' },
        { id: 'cachedTotal', label: 'whole step, cached' }, { id: 'recomputeTotal', label: 'whole step, recomputed' }],
      formatX: count, formatY: shortCount,
    }));
    this.memory ??= await (this.memoryPromise ??= LogChart.create(this.memoryCanvas, {
      xTitle: 't (characters so far)', yTitle: 'bytes of the cache', xName: 't',
      series: [{ id: 'bytes', label: 'cache bytes, 2·L·t·d·4' }],
      formatX: count, formatY: (y) => (y < 1000 ? `${shortCount(y)} B` : `${shortCount(y)}B`), // ticks at powers of ten: 1 kB, 10 kB
    }));
    if (key !== this.key) {
      this.points = Array.from({ length: context }, (_, i) => ({ t: i + 1, ...attn.decodeCost({ vocab, layers, dModel, t: i + 1 }) }));
      this.work.setSeries('cached', this.points.map((p) => ({ x: p.t, y: p.cachedAttention })));
      this.work.setSeries('recompute', this.points.map((p) => ({ x: p.t, y: p.recomputeAttention })));
      this.work.setSeries('cachedTotal', this.points.map((p) => ({ x: p.t, y: p.cachedTotal })));
      this.work.setSeries('recomputeTotal', this.points.map((p) => ({ x: p.t, y: p.recomputeTotal })));
      this.memory.setSeries('bytes', this.points.map((p) => ({ x: p.t, y: p.cacheBytes })));
      this.key = key;
    }
    for (const box of this.boxes) box.classList.remove('waiting');
    this.work.setMarker({ x: t, label: `now: t = ${t}` });
    this.memory.setMarker({ x: t, label: `now: t = ${t}` });
    this.work.draw();
    this.memory.draw();
    const at = this.points[t - 1], end = this.points[context - 1];
    replaceChildren(this.text,
      `Charts: one step’s multiply-adds for t = 1 to ${count(context)}, the model’s context (attention alone grows like t with the cache and like t² without; `
      + `the whole step adds the projections and the MLP, the same for every new character), and the cache’s bytes. `
      + `Now, at t = ${t}, recomputing costs ${(at.recomputeTotal / at.cachedTotal).toFixed(1)} times the cached step`
      + (t === context // at the end of the context, "now" is the end: said once
        ? `, and the cache holds ${bytes(end.cacheBytes)}: the context is full.`
        : `; at t = ${count(context)} it would cost ${(end.recomputeTotal / end.cachedTotal).toFixed(1)} times, and the cache would hold ${bytes(end.cacheBytes)}.`));
    this.workCanvas.dataset.drawn = `${key}/${t}`;
  }
}
