// heads-grid.js — every layer and head at once (bertviz's model view): a table with a row per
// layer and a cell per head, each cell a small map of that head on the probe text with its role
// and strongest score measured over many windows under it, beside its chance level. Up to 12 layers × 16 heads; a wide grid
// scrolls inside its box.
//
// Keyboard: the grid is one tab stop; the arrow keys move between cells, Home and End jump along
// a layer, Enter (or Space, or a click) opens the cell large (onOpen(layer, head)).
//
//   const grid = new HeadsGrid({ onOpen: (layer, head) => … });
//   grid.setShape(layers, heads); grid.setMaps(maps); grid.setRoles(records, roles);
//   grid.reserve(layers, heads);   // before the lab starts: the cells, each map's place shaded

import { h, replaceChildren } from '../../ui/dom.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { smallMap } from './small-map.js';
import { withChance } from '../../lib/model/head-roles.js';

const CELL_PX = 84; // a small map's side

export class HeadsGrid {
  constructor({ onOpen }) {
    this.onOpen = onOpen;
    this.table = h('table', { className: 'heads-grid' });
    this.box = scrollFocus(h('div', { className: 'heads-grid-box' }, this.table), 'Every layer and head (scrolls)');
    this.element = this.box;
    this.cells = [];   // [layer][head] → { button, map, role }
    this.focus = { layer: 0, head: 0 };
  }

  /** Builds the empty grid for a model of `layers` × `heads`. */
  setShape(layers, heads) {
    this.layers = layers;
    this.heads = heads;
    this.focus = { layer: Math.min(this.focus.layer, layers - 1), head: Math.min(this.focus.head, heads - 1) };
    this.cells = [];
    const rows = [];
    for (let l = 0; l < layers; l++) {
      const row = [];
      this.cells.push(row);
      for (let hd = 0; hd < heads; hd++) {
        const map = h('span', { className: 'cell-map' });
        const role = h('span', { className: 'cell-role' }, 'not measured yet');
        const button = h('button', {
          type: 'button', className: 'cell-button', tabindex: -1,
          onclick: () => { this.#move(l, hd); this.onOpen(l, hd); },
          onkeydown: (event) => this.#onKey(event, l, hd),
        }, h('span', { className: 'cell-name' }, `L${l + 1} H${hd + 1}`), ' ', map, role, h('span', { className: 'sr-only' }, 'Open it large.'));
        row.push({ button, map, role });
      }
      rows.push(h('tr', {}, h('th', { scope: 'row' }, `Layer ${l + 1}`), row.map((c) => h('td', {}, c.button))));
    }
    replaceChildren(this.table,
      h('caption', { className: 'sr-only' }, 'Every layer and head on the probe text, with the role measured over many windows; press Enter on a head to open it large'),
      h('thead', {}, h('tr', {}, h('td', {}), Array.from({ length: heads }, (_, hd) => h('th', { scope: 'col' }, `Head ${hd + 1}`)))),
      h('tbody', {}, rows));
    this.#roving();
  }

  /** The grid of a model not loaded yet (the lab has not started): the cells, each map's place
   *  shaded at its size, filled in place by setMaps. */
  reserve(layers, heads) {
    this.setShape(layers, heads);
    for (const row of this.cells) {
      for (const cell of row) {
        cell.map.classList.add('waiting');
        cell.role.textContent = 'its role over the windows: … (not measured yet)';
      }
    }
  }

  /** Draws each head's map on the probe (the worker's probe answer: weights (L, H, t, t)). */
  setMaps({ t, weights }) {
    this.cells.forEach((row, l) => row.forEach((cell, hd) => {
      const g = l * this.heads + hd;
      cell.map.classList.remove('waiting');
      replaceChildren(cell.map, smallMap(weights.subarray(g * t * t, (g + 1) * t * t), t, CELL_PX));
    }));
  }

  /**
   * Writes each head's role under its map: `roles[g]` from head-roles.js's headRole, `records[g]`
   * the measured scores; null clears them (a new model, not measured yet).
   */
  setRoles(records, roles) {
    this.records = records;
    this.roles = roles;
    this.cells.forEach((row, l) => row.forEach((cell, hd) => {
      const role = roles?.[l * this.heads + hd];
      cell.role.textContent = !role ? 'not measured yet' : role.role ? `${role.name} ${withChance(role.score, role.chance)}`
        : `no clear role (${role.strongest.name} ${withChance(role.strongest.score, role.strongest.chance)})`;
      cell.role.classList.toggle('has-role', Boolean(role?.role));
    }));
  }


  #roving() {
    this.cells.forEach((row, l) => row.forEach((cell, hd) => {
      cell.button.tabIndex = l === this.focus.layer && hd === this.focus.head ? 0 : -1;
    }));
  }

  #move(layer, head) {
    this.focus = { layer, head };
    this.#roving();
    this.cells[layer][head].button.focus();
  }

  #onKey(event, l, hd) {
    const last = this.heads - 1;
    const moves = {
      ArrowLeft: [l, Math.max(0, hd - 1)], ArrowRight: [l, Math.min(last, hd + 1)],
      ArrowUp: [Math.max(0, l - 1), hd], ArrowDown: [Math.min(this.layers - 1, l + 1), hd],
      Home: [l, 0], End: [l, last],
    };
    if (!moves[event.key]) return;
    event.preventDefault();
    this.#move(...moves[event.key]);
  }
}
