// attn-lookup.js — <attn-lookup>: attention read as a lookup that returns a blend. A memory of
// 4 to 12 entries, each a key and a value on the plane; a query the learner drags (or moves with
// the arrow keys); and, from the C core on every move, the scores q·kᵢ, the softmax weights (a
// bar per entry), the output drawn among the values inside their convex hull, the row's entropy
// beside ln M, the ratio of its two largest weights beside e^gap, and the chapter's checks. A
// sharpness s multiplies the scores (0: every weight 1/M and the output the mean; large: a hard
// lookup); a switch makes every value equal its key, to show what that loses.
//
// Attributes (declared below; observed and reflected as properties):
//   keys, values  4–12 points "x,y", space-separated (default: the "Evenly spread" preset);
//                 with `tied`, the values are the keys and `values` is not used
//   query         one point "x,y" (default 1.5,0.5); coordinates from −10 to 10
//   sharpness     0 to 1,000,000 (default 1)
//   tied          present: each value equals its key
//   order         "entry" (default) or "weight": the bars in entry order, or largest first
// A value that cannot be used (an empty memory, 13 entries, a NaN coordinate, a negative
// sharpness) is refused with a sentence beside its field, and the last good state stays.
// Events: `change` (bubbles) once per action (a drag released, an arrow key, a preset, an
//         edit): detail = { keys, values, query, sharpness, tied, order }, plus preset: name;
//         `input` (bubbles) while the query is dragged, detail = { query }.
// Method (declaredMethods): usePreset(name), a preset button for a page's script (entries are
//         added and removed through `keys` and `values`).
// Keyboard: on the keys' plane the arrow keys move the query (0.1; with Shift, 1); every other
//           control is a native input or button.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice, custom, decimal, presence, quote, readNumber } from '../../ui/attribute-types.js';
import { event, method, settingsDetail, CONTROL_PARTS, FIGURE_PARTS } from '../../ui/element-declarations.js';
import { AttnError, Status } from '../../lib/errors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { refuseCall, shown } from '../../ui/widget-calls.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { DataTable } from '../../ui/data-table.js';
import { tableOnly } from '../../ui/figure-export.js';
import { Plane } from './lookup-plane.js';
import { MemoryEditor } from './lookup-editor.js';
import { drawBars, drawChecks, drawRowShape } from './lookup-panels.js';
import { lookupSheet } from './lookup-styles.js';
import {
  DEFAULT_PRESET, MAX_SHARPNESS, PRESETS, SLIDER_STEPS, flatten, formatPoint, formatPoints, parseQuery, pointsParser,
  sharpnessAt, sliderPosition,
} from './lookup-memory.js';

const pair = ([x, y]) => `(${fixed(x, 2)}, ${fixed(y, 2)})`;

/** The sharpness's refusal: a negative one says why it cannot be. */
function sharpnessMessage(text) {
  const value = readNumber(text);
  if (value < 0) return `sharpness must be 0 or more: it multiplies the scores, and a negative one would favour the worst match; it is ${quote(text)}.`;
  return `sharpness must be a number from 0 to 1,000,000, but it is ${quote(text)}.`;
}

const memory = (what) => custom({
  parse: pointsParser(what), format: formatPoints, fallback: DEFAULT_PRESET[what], omitDefault: true, type: '[number, number][]',
  values: 'points `x,y`, space-separated, 4–12 of them', shown: 'the “Evenly spread” preset',
});

export class AttnLookup extends AttnWidget {
  static title = 'Attention is a lookup that returns a blend';
  static declaredAttributes = {
    keys: memory('keys'),
    values: memory('values'),
    query: custom({ parse: parseQuery, format: formatPoint, fallback: DEFAULT_PRESET.query, omitDefault: true, values: 'a point `x,y`', type: '[number, number]' }),
    sharpness: decimal({ min: 0, max: MAX_SHARPNESS, fallback: 1, omitDefault: true, message: sharpnessMessage }),
    tied: presence(),
    order: choice(['entry', 'weight'], { label: 'order' }),
  };
  static declaredEvents = {
    change: event({
      when: 'a drag released, an arrow key, a preset, a switch, an edit, an entry added or removed',
      detail: {
        ...settingsDetail(this.declaredAttributes), 'preset?': `${Object.keys(PRESETS).map((name) => `'${name}'`).join(' | ')}`,
        'edited?': 'true', 'added?': 'number', 'removed?': 'number',
      },
    }),
    input: event({ when: 'while the query is dragged', detail: { query: '[number, number]' } }),
  };
  // Its table of results has the figures' tools row (the CSV) and table, but no figure: the planes
  // are illustrations of the table's numbers.
  static declaredMethods = {
    usePreset: method({
      does: 'starts again from a preset, as its button under “Start from” does: its memory, query and sharpness, keys and values untied; '
        + 'one `change` with preset: name; throws an AttnError naming the presets for any other name',
      parameters: { name: Object.keys(PRESETS).map((name) => `'${name}'`).join(' | ') },
    }),
  };
  static declaredParts = { ...CONTROL_PARTS, 'figure-tools': FIGURE_PARTS['figure-tools'], 'data-table': FIGURE_PARTS['data-table'] };

  inWords() {
    return 'A small memory of entries, each a key and a value, is drawn on two planes: the keys and the '
      + 'query on the first, the values and the output on the second. The query is compared with every key '
      + 'by a dot product; the scores, multiplied by the sharpness, go through a softmax, and the weights '
      + 'mix the values into the output. Drag the query, or focus the first plane and move it with the arrow '
      + 'keys, and every number follows: a bar per entry shows its weight, and the output moves among the '
      + 'values, always inside their convex hull, the dashed outline. At sharpness 0 every weight is equal and '
      + 'the output is the average of the values; as the sharpness grows, the best-matching key takes all the '
      + 'weight and the output becomes its value, a hard lookup. The row’s entropy is shown beside ln M, its '
      + 'largest possible value, and the ratio of its two largest weights beside e to the power of their score '
      + 'gap. Four checks are stated and tested on every update: the weights are at least 0, they sum to 1, '
      + 'the output lies in the hull of the values, and it is no longer than the longest value. A switch makes '
      + 'each value equal to its key, to show what is lost when what you match on is also what you hand over.';
  }

  // ---------------------------------------------------------------- building

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, lookupSheet()];
    this.presetButtons = Object.entries(PRESETS).map(([name, preset]) => actionButton({
      type: 'button', className: 'secondary', onclick: () => this.usePreset(name),
    }, preset.label));

    this.keysPlane = new Plane({
      label: 'Keys and the query', interactive: true,
      onMove: (point) => this.#preview(point),
      onCommit: (point) => this.act(() => { this.query = point; }),
    });
    this.valuesPlane = new Plane({ label: 'Values, their hull and the output' });
    this.table = new DataTable({ caption: 'The memory, the scores and the weights', figure: tableOnly('The memory, the scores and the weights') });
    this.readout = h('p', { className: 'readout', 'aria-live': 'polite' });
    this.queryInput = this.bindField('query', h('input', { type: 'text', id: 'lookup-query', inputmode: 'decimal', autocomplete: 'off', size: 9 }),
      { show: ([x, y]) => `${x}, ${y}`, read: (el) => el.value.trim() });

    this.slider = h('input', {
      type: 'range', min: 0, max: SLIDER_STEPS - 1, step: 1, 'aria-label': 'Sharpness s (log scale; the far left is 0)',
      oninput: () => this.act(() => { this.sharpness = sharpnessAt(Number(this.slider.value)); }),
    });
    this.sharpnessInput = this.bindField('sharpness', h('input', { type: 'text', id: 'lookup-sharpness', inputmode: 'decimal', autocomplete: 'off', size: 9 }));
    this.tiedBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.tied = this.tiedBox.checked; }) });
    this.tiedNote = h('p', { className: 'note tied-note', 'aria-live': 'polite' });
    this.orderBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.order = this.orderBox.checked ? 'weight' : 'entry'; }) });
    this.settingsProblems = h('p', { className: 'cell-error', role: 'alert', hidden: true });
    this.routeProblems(this.settingsProblems, ['query', 'sharpness', 'keys', 'values', 'core', 'entries'], (message) => `${message}${this.result ? ' The last good state is still shown.' : ''}`);

    this.bars = h('ol', { className: 'bars', 'aria-label': 'Weights, one per entry' });
    this.shape = h('div', { className: 'row-shape' });
    this.checks = h('ul', { className: 'checks', 'aria-label': 'The checks, on this update' });
    this.editor = new MemoryEditor({
      onCommit: (keys, values) => this.act(() => { this.keys = keys; if (!this.tied) this.values = values; }, { edited: true }),
      onAdd: () => this.#addEntry(),
      onRemove: (entry) => this.#removeEntry(entry),
      onProblem: (sentence) => this.setProblem('memory', sentence),
    });
    this.routeProblems(this.editor.error, ['memory']);

    const sub = (text) => h(this.subheading, {}, text);
    body.append(
      h('div', { className: 'toolbar presets', role: 'group', 'aria-label': 'Start from a preset' }, h('span', {}, 'Start from:'), this.presetButtons),
      h('div', { className: 'panels' },
        this.keysPlane.element,
        h('div', { className: 'plane-column' }, this.valuesPlane.element, this.table.element),
        h('div', { className: 'side' }, sub('Weights'), h('label', {}, this.orderBox, ' Sort the bars by weight'), this.bars)),
      this.readout,
      h('div', { className: 'controls' },
        h('label', { for: 'lookup-query' }, 'Query q (x, y)'), h('span', {}, this.queryInput),
        h('label', { for: 'lookup-sharpness' }, 'Sharpness s'), h('span', { className: 'sharpness' }, this.slider, this.sharpnessInput)),
      h('div', { className: 'toolbar' }, h('label', {}, this.tiedBox, ' Values equal keys')),
      this.tiedNote,
      this.settingsProblems,
      h('div', { className: 'panels' },
        h('div', { className: 'side' }, sub('What the row says'), this.shape),
        h('div', { className: 'side' }, sub('The checks, on every update'), this.checks)),
      h('details', { className: 'memory' }, h('summary', {}, 'Edit the memory'), this.editor.element));
  }

  // ---------------------------------------------------------------- actions

  /** Starts again from a preset: its memory, query and sharpness. */
  usePreset(name) {
    const preset = Object.hasOwn(PRESETS, name) ? PRESETS[name] : null;
    if (!preset) refuseCall('usePreset()', `there is no preset ${shown(name)}; the presets are ${Object.keys(PRESETS).map((key) => `“${key}”`).join(', ')}.`);
    this.act(() => {
      this.keys = preset.keys;
      this.values = preset.values;
      this.query = preset.query;
      this.sharpness = preset.sharpness;
      this.tied = false;
    }, { preset: name });
  }

  #addEntry() {
    this.act(() => {
      this.keys = [...this.keys, [0, 0]];
      if (!this.tied) this.values = [...this.values, [0, 0]];
    }, { added: this.keys.length + 1 });
  }

  #removeEntry(entry) {
    this.act(() => {
      this.keys = this.keys.filter((_, j) => j !== entry);
      if (!this.tied) this.values = this.values.filter((_, j) => j !== entry);
    }, { removed: entry + 1 });
  }

  commitTyped() {
    super.commitTyped();
    this.editor?.commitTyped();
  }

  // ---------------------------------------------------------------- computing and drawing

  /** The memory in use: values follow the keys when tied. */
  #memory() {
    const keys = this.keys, values = this.tied ? keys : this.values;
    return { keys, values, m: keys.length };
  }

  /** Everything the widget shows for one query, from the core. */
  #compute(query) {
    const { keys, values, m } = this.#memory();
    if (values.length !== m) {
      throw new AttnError(Status.SHAPE, `keys hold ${m} entries but values hold ${values.length}: every entry needs both a key and a value.`);
    }
    const result = this.attn.lookup({ query: Float32Array.from(query), keys: flatten(keys), values: flatten(values), m, dk: 2, dv: 2, sharpness: this.sharpness });
    const hull = this.attn.hull({ points: flatten(values), count: m, point: result.out });
    return { ...result, hull, keys, values, m, query, sharpness: this.sharpness };
  }

  render() {
    this.#syncControls();
    if (!this.attn) return;
    let state;
    try {
      state = this.#compute(this.query);
    } catch (error) {
      if (!(error instanceof AttnError)) throw error;
      this.setProblem('entries', error.message);
      return;
    }
    this.setProblem('entries', null);
    this.result = state;
    this.#draw(state);
    this.#refreshTied(state);
  }

  /** While the query is dragged: recompute and redraw, without changing the attribute yet. */
  #preview(point) {
    if (!this.attn || !this.result) return;
    try {
      this.#draw(this.#compute(point));
    } catch (error) {
      if (!(error instanceof AttnError)) throw error;
      return;
    }
    this.dispatchEvent(new CustomEvent('input', { bubbles: true, detail: { query: point } }));
  }

  #syncControls() {
    this.slider.value = String(sliderPosition(this.sharpness));
    this.slider.setAttribute('aria-valuetext', `s = ${this.sharpness}`);
    this.tiedBox.checked = this.tied;
    this.orderBox.checked = this.order === 'weight';
    const { keys, values } = this.#memory();
    if (keys.length === values.length) this.editor.update(keys, values, { tied: this.tied });
  }

  /** The note under “Values = keys”. */
  #refreshTied({ m }) {
    this.tiedNote.textContent = this.tied
      ? `Each value now equals its key. What you match on is what you hand over: the output is a blend of the ${m} keys themselves, so an entry can no longer be found by one thing and return another, and the answer can only lie among the keys the query already resembles.`
      : 'Keys and values are different things: a key says what an entry offers (it is what the query is compared with), a value is what the entry hands over if chosen.';
  }

  #draw(state) {
    const { keys, values, m, query, out, weights, hull, sharpness } = state;
    const keyName = (j) => `k${j + 1}`, valueName = (j) => `v${j + 1}`, entry = (j) => `entry ${j + 1}`;
    const range = Math.max(3, ...keys.flat().map(Math.abs), ...values.flat().map(Math.abs), ...query.map(Math.abs)) * 1.12;
    const shownRange = this.keysPlane.dragging ? this.keysPlane.range : range;
    this.keysPlane.draw({
      range: shownRange,
      points: keys.map(([x, y], j) => ({ x, y, label: keyName(j), weight: weights[j], shape: 'circle', colour: '--lookup-key' })),
      marker: { x: query[0], y: query[1], label: 'q', shape: 'star' },
      description: `Keys and the query: the query q is at ${pair(query)}; the keys are ${keys.map((k, j) => `${keyName(j)} ${pair(k)}`).join(', ')}. Drag the query, or use the arrow keys (Shift for larger steps).`,
    });
    this.valuesPlane.draw({
      range: shownRange,
      points: values.map(([x, y], j) => ({ x, y, label: valueName(j), weight: weights[j], shape: 'square', colour: '--lookup-value' })),
      outline: Array.from(hull.corners, (j) => ({ x: values[j][0], y: values[j][1] })),
      marker: { x: out[0], y: out[1], label: 'out', shape: 'diamond' },
      description: `Values and the output: the output is at ${pair(out)}, ${hull.inside ? 'inside' : 'outside'} the convex hull of the values, whose corners are ${Array.from(hull.corners, valueName).join(', ')}.`,
    });
    replaceChildren(this.readout,
      'Query q = ', h('strong', {}, pair(query)), ' → output = ', h('strong', {}, pair(out)),
      `, with weights from softmax(s · q·kᵢ) at s = ${sharpness}.`);
    drawBars(this.bars, { weights, order: this.order, keyName, valueName });
    drawRowShape(this.shape, state, { m, sharpness, entry });
    drawChecks(this.checks, state, hull, { m });
    this.table.set({
      columns: ['entry', 'key x', 'key y', 'value x', 'value y', 'q·kᵢ', 's·q·kᵢ', 'weight'].map((label) => ({ label })),
      rows: keys.map((k, j) => [j + 1, ...k, ...values[j], state.scores[j], state.scaled[j], weights[j]]),
      notes: [
        { label: 'query x', value: query[0] }, { label: 'query y', value: query[1] },
        { label: 'output x', value: out[0] }, { label: 'output y', value: out[1] },
        { label: 'entropy (nats)', value: state.entropy }, { label: `ln ${m}`, value: state.maxEntropy },
      ],
    });
  }
}

defineWidget('attn-lookup', AttnLookup);
