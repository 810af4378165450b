// head-ablation.js — what a head does to the prediction: knock it out (its output replaced by
// zeros, or by its mean output, before W^O) and the core measures the validation loss again on
// the same windows; or knock out every head in turn and sort them by how much the loss rises.
// The model's weights are never changed: the replacement happens inside the forward pass.
//
//   const view = new HeadAblation({ heading, request });   // request(name, args, options) → Promise
//   view.setModel(layers, heads, roles);                   // roles: head-roles.js names, or null

import { h, replaceChildren, uniqueId, withSuperscripts } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { headName } from '../../lib/model/head-roles.js';
import { headOptions } from './head-fields.js';
import { labelled } from './train-panels.js';

const MODES = [['zero', 'zeros'], ['mean', 'its mean output']];
const signed = (x) => `${x >= 0 ? '+' : '−'}${fixed(Math.abs(x), 4)}`;
/** Nats per character: a knock-out that raises the validation loss by more than this is said to
 *  be needed by the prediction; the sentences name it, so the verdict is never a hidden cut. */
const NEEDED_RISE = 0.01;
const verdict = (delta) => (delta > NEEDED_RISE
  ? `More than ${NEEDED_RISE} nats per character: the prediction needs this head.`
  : `At most ${NEEDED_RISE} nats per character: the prediction barely needs this head.`);

export class HeadAblation {
  constructor({ heading, request }) {
    this.request = request;
    this.head = h('select', {});
    const group = uniqueId('knockout-mode');
    this.modes = MODES.map(([value, text], i) => h('label', {}, h('input', { type: 'radio', name: group, value, checked: i === 0 }), ` ${text}`));
    this.one = actionButton({ onclick: () => this.knockOut() }, 'Knock it out');
    this.all = actionButton({ className: 'secondary', onclick: () => this.knockOutAll() }, 'Knock out every head');
    this.result = h('p', { className: 'knockout-result', role: 'status', 'aria-live': 'polite' });
    this.progress = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Heads knocked out so far' });
    this.error = h('p', { className: 'error', 'aria-live': 'assertive' });
    this.table = h('table', { className: 'data-table knockout-table' });
    this.tableBox = scrollFocus(h('div', { className: 'data-table-box', hidden: true }, this.table), 'Every head knocked out (scrolls)');
    this.element = h('section', { className: 'heads-section' },
      h(heading, {}, 'What a head does to the prediction: knock it out'),
      h('p', {}, withSuperscripts('A map shows what a head mixed; it cannot say whether the prediction needed it. Knocking the head out, '
        + 'its output replaced before W^O, and measuring the validation loss again on the same windows is the causal test '
        + 'a map cannot give. The model itself is not changed.')),
      h('div', { className: 'toolbar' }, labelled('Head to knock out', this.head),
        h('span', { className: 'field', role: 'radiogroup', 'aria-label': 'Replace its output by' }, h('span', { className: 'legend' }, 'Replace its output by'), h('span', {}, this.modes)),
        this.one, this.all),
      this.result, this.progress, this.error, this.tableBox);
  }

  get mode() { return this.modes.find((label) => label.firstChild.checked).firstChild.value; }

  setModel(layers, heads, roles) {
    this.shape = { layers, heads };
    this.roles = roles;
    const keep = Number(this.head.value) || 0;
    replaceChildren(this.head, headOptions(layers, heads));
    this.head.value = String(Math.min(keep, layers * heads - 1));
  }

  /** New roles (a new measurement) for the table's role column. */
  setRoles(roles) { this.roles = roles; }

  /** Clears results that belonged to another model. */
  clear() {
    this.result.textContent = '';
    this.error.textContent = '';
    this.tableBox.hidden = true;
  }

  /** Selects head g (l·H + h) and knocks it out. */
  select(g) {
    this.head.value = String(g);
    this.head.focus();
    return this.knockOut();
  }

  async knockOut() {
    const g = Number(this.head.value), { heads } = this.shape, mode = this.mode;
    const name = headName(Math.floor(g / heads), g % heads);
    await this.#run(`Knocking out ${name}…`, async () => {
      const r = await this.request('ablate', { layer: Math.floor(g / heads), head: g % heads, mode });
      this.result.textContent = `${name} replaced by ${mode === 'zero' ? 'zeros' : 'its mean output'}: validation loss ${fixed(r.baseline, 4)} → ${fixed(r.loss, 4)} `
        + `nats per character (${signed(r.delta)}). ${verdict(r.delta)}`;
    });
  }

  async knockOutAll() {
    if (this.busy) return;
    const { layers, heads } = this.shape, mode = this.mode;
    this.progress.max = layers * heads;
    this.progress.value = 0;
    this.progress.hidden = false;
    await this.#run(`Knocking out each of ${layers * heads} heads…`, async () => {
      const r = await this.request('ablateAll', { mode }, { onProgress: ({ done, total }) => {
        this.progress.value = done;
        this.result.textContent = `Knocked out ${done} of ${total} heads…`;
      } });
      this.#fillTable(r);
      const top = r.rows[0];
      const needed = r.rows.filter((row) => row.delta > NEEDED_RISE).length;
      this.result.textContent = `Every head knocked out in turn (replaced by ${mode === 'zero' ? 'zeros' : 'its mean output'}); the validation loss is ${fixed(r.baseline, 4)} with every head in place. `
        + `${needed} of ${r.rows.length} ${r.rows.length === 1 ? 'head raises' : 'heads raise'} it by more than ${NEEDED_RISE} nats per character when knocked out; `
        + `the prediction needs ${headName(top.layer, top.head)} most (${signed(top.delta)}).`;
    });
    this.progress.hidden = true;
  }

  #fillTable({ mode, baseline, rows }) {
    replaceChildren(this.table,
      h('caption', {}, `Every head knocked out (replaced by ${mode === 'zero' ? 'zeros' : 'its mean output'}), the largest rise in validation loss first; intact: ${fixed(baseline, 4)}`),
      h('thead', {}, h('tr', {}, ['rank', 'head', 'role (measured)', 'validation loss', 'change'].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, rows.map((row, i) => h('tr', {},
        h('td', {}, String(i + 1)),
        h('th', { scope: 'row' }, headName(row.layer, row.head)),
        h('td', { className: 'text-cell' }, this.roles?.[row.layer * this.shape.heads + row.head]?.name ?? 'not measured'),
        h('td', { 'data-value': String(row.loss) }, fixed(row.loss, 4)),
        h('td', { 'data-value': String(row.delta) }, signed(row.delta))))));
    this.tableBox.hidden = false;
  }

  /** Runs one knock-out at a time (a press while one runs is ignored; the buttons keep focus). */
  async #run(status, body) {
    if (this.busy) return;
    this.busy = true;
    this.error.textContent = '';
    this.result.textContent = status;
    try {
      await body();
    } catch (error) {
      this.result.textContent = '';
      this.error.textContent = `The knock-out failed: ${error.message}`;
    } finally {
      this.busy = false;
    }
  }
}
