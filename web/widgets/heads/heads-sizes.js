// heads-sizes.js — <attn-heads>' table of sizes: the demo's four heads of 16 in a width of 64
// beside the chapter's eight heads of 64 in a width of 512, for the sentence shown: features per
// head, the projections' multiply-adds (Q, K, V and W^O: 4·N·d_model²) and the score-table entries
// of all heads (h·N²), each counted by the core (attn.cost) for the sentence's N.
//
//   const sizes = new HeadsSizes(HEADS, D_MODEL);  body.append(sizes.element);
//   sizes.show(attn, n);   // attn null: “…” in each counted cell, laid out before the core starts

import { h, replaceChildren } from '../../ui/dom.js';
import { scrollFocus } from '../../ui/scroll-focus.js';

/** The chapter's multi-head example (§6.6): h = 8, d_model = 512. */
export const CHAPTER_SIZES = Object.freeze({ heads: 8, dModel: 512 });

const count = (x) => Math.round(x).toLocaleString('en-US');

export class HeadsSizes {
  constructor(heads, dModel) {
    this.sizes = [{ heads, dModel }, CHAPTER_SIZES];
    this.caption = h('caption', {});
    this.body = h('tbody');
    this.element = scrollFocus(h('div', { className: 'table-scroll heads-sizes' },
      h('table', { className: 'sizes-table' }, this.caption,
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'size'), h('th', { scope: 'col' }, 'this demo'), h('th', { scope: 'col' }, 'the chapter’s model'))),
        this.body)), 'Sizes (scrolls sideways)');
  }

  /** The table for a sentence of `n` words; the counts from `attn` (null: not yet). */
  show(attn, n) {
    this.caption.textContent = `This demo beside the chapter’s sizes, for this sentence of ${count(n)} words (N = ${count(n)})`;
    const costs = this.sizes.map(({ heads, dModel }) => (attn ? attn.cost({ n, dModel, heads }) : null));
    const cell = (i, value) => h('td', {}, costs[i] ? count(value(costs[i])) : '…');
    const row = (label, value, counted = true) => h('tr', {}, h('th', { scope: 'row' }, label),
      ...this.sizes.map((size, i) => (counted ? cell(i, value) : h('td', {}, count(value(size))))));
    replaceChildren(this.body,
      row('heads h', (s) => s.heads, false),
      row('features per head, d_model / h', (s) => s.dModel / s.heads, false),
      row('model width d_model', (s) => s.dModel, false),
      row('projection multiply-adds, 4·N·d_model²', (c) => c.linear),
      row('score-table entries, all heads, h·N²', (c) => c.layerEntries));
  }
}
