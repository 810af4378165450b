// heads-panel.js — the training lab's "Every head, measured" panel: read a trained model like a
// researcher. The grid of every layer and head on the probe (heads-grid.js), each head's role
// measured by the core over many windows of validation text (head-roles.js names a role only where
// the score clears its threshold and a multiple of its chance level), every score beside its chance
// level in a table, how alike the heads are, whether a pattern holds window
// by window (head-consistency.js), and what a head does to the prediction (head-ablation.js).
// All of it is computed in the training worker, with progress; the page only draws.
//
//   const panel = new HeadsPanel({ heading: 'h4', request: (name, args, options) => client.request(…) });
//   panel.setModel(info);     // a model was built or loaded: measure it
//   panel.setProbe(maps, running);  // the probe's maps (the grid draws them; running: training runs)
//   panel.following(running); // training started or stopped (the line over the grid says so)
//   panel.measure();          // measure again (after training)
//   panel.reserve(shape);     // before the lab starts: every place laid out for a model of that shape

import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { Heatmap } from '../../ui/heatmap.js';
import { tableOnly } from '../../ui/figure-export.js';
import { DataTable } from '../../ui/data-table.js';
import { HeadScore, HeadLimits } from '../../lib/abi.js';
import { headRole, headName, alikePairs, flatDiagnosis, ruleInWords, withChance, ALIKE } from '../../lib/model/head-roles.js';
import { HEAD_STATS_DEFAULTS } from '../../lib/model/head-stats.js';
import { HeadsGrid } from './heads-grid.js';
import { HeadDialog } from './head-dialog.js';
import { HeadConsistency } from './head-consistency.js';
import { HeadAblation } from './head-ablation.js';
import { labelled, asOfText } from './train-panels.js';
import { inFormWords } from './model-form.js';

const S = HeadScore.count;

/** The rule that names a role, in words. */
const THRESHOLDS = ruleInWords(HeadLimits.flatNats);

export class HeadsPanel {
  constructor({ heading, request }) {
    this.request = request;
    this.windows = h('input', { type: 'number', min: 1, max: HeadLimits.maxWindows, step: 1, value: String(HEAD_STATS_DEFAULTS.windows), inputmode: 'numeric' });
    this.seed = h('input', { type: 'number', min: 0, max: 4294967295, step: 1, value: String(HEAD_STATS_DEFAULTS.seed), inputmode: 'numeric' });
    this.button = actionButton({ onclick: () => this.measure() }, 'Measure the heads');
    this.progress = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Windows measured so far' });
    this.status = h('p', { className: 'message', role: 'status', 'aria-live': 'polite' });
    // What a measurement refused (a window count or seed out of range, an empty field), marked ⚠
    // as every refusal beside a field is, and describing both fields.
    this.error = h('p', { className: 'error refusal', 'aria-live': 'assertive', id: uniqueId('heads-problem') });
    for (const input of [this.windows, this.seed]) input.setAttribute('aria-describedby', this.error.id);
    this.dialog = new HeadDialog(heading);
    this.grid = new HeadsGrid({ onOpen: (layer, head) => this.#openHead(layer, head) });
    // At which step the grid's maps were drawn and its roles measured (the maps follow training
    // at each evaluation; the roles are measured again when it pauses or stops).
    this.gridAsOf = h('p', { className: 'as-of' }, `Maps: ${asOfText(null)} Roles under them: measured at step ….`);
    this.mapsStep = null;
    this.measuredAt = null;
    this.summary = h('div', { className: 'heads-summary', 'aria-live': 'polite' });
    this.scores = new DataTable({ caption: 'Every head’s scores: not measured yet', figure: tableOnly('Every head’s scores') });
    this.similarityHost = h('div', { className: 'similarity-host' });
    this.consistency = new HeadConsistency({ heading, openLarge: (...args) => this.#openWindow(...args), mapsOf: (text) => this.request('probe', { text }) });
    this.ablation = new HeadAblation({ heading, request: (...args) => this.request(...args) });
    this.element = h('fieldset', { className: 'panel heads-panel' }, h('legend', {}, 'Every head, measured'),
      h('p', {}, 'Every layer and head at once on the probe text. Under each map, its role as the core measured it over many windows '
        + 'of the validation text, not just this probe. Press Enter on a head (or click it) to open it large.'),
      h('div', { className: 'toolbar' }, labelled('Windows to measure', this.windows), labelled('Seed of the windows', this.seed), this.button, this.progress),
      this.status, this.error,
      this.gridAsOf,
      this.grid.element,
      this.summary,
      h('p', { className: 'thresholds' }, THRESHOLDS),
      this.scores.element,
      h('section', { className: 'heads-section' }, h(heading, {}, 'How alike are the heads?'),
        h('p', {}, `The cosine similarity of two heads' maps over every window measured: 1 for identical maps. Heads at least ${ALIKE} alike `
          + 'have not specialised apart yet, which at this size and training length is normal.'),
        this.similarityHost),
      this.consistency.element,
      this.ablation.element,
      this.dialog.element);
    for (const input of [this.windows, this.seed]) input.addEventListener('keydown', (event) => { if (event.key === 'Enter') this.measure(); });
  }

  /** The places of a model of `shape` ({ layers, heads, context }) not loaded yet (the lab has not
   *  started): the grid's cells, the status and summary with “…” for the numbers, the similarity
   *  map's labels and empty cells, the head fields and the consistency view's places. The first
   *  model's numbers fill them in place. */
  reserve(shape) {
    const { layers, heads } = shape, count = layers * heads;
    const windows = HEAD_STATS_DEFAULTS.windows;
    this.waiting = true;
    this.grid.reserve(layers, heads);
    this.status.textContent = `The ${count} heads are measured once the model is loaded.`;
    replaceChildren(this.summary,
      h('p', {}, `… of ${count} heads have a clear role at the thresholds below; … have none.`),
      h('p', {}, 'Which heads have not specialised apart is said here once they are measured.'));
    this.#similarityMap(count, heads).reserve();
    this.ablation.setModel(layers, heads, null);
    this.consistency.reserve(shape, windows);
  }

  /** A model was built or loaded (info: the worker's description): measure it afresh. */
  setModel(info) {
    const { layers, heads } = info.config;
    this.info = info;
    this.stats = null;
    this.measuredAt = null;
    this.running = false;
    this.#sayAsOf();
    this.grid.setShape(layers, heads);
    this.grid.setRoles(null, null);
    this.ablation.setModel(layers, heads, null);
    this.ablation.clear();
    this.consistency.clear();
    if (!info.hasData) this.waiting = false; // nothing will be measured: no “…” left waiting
    if (!this.waiting) { // the places laid out before the start stay until the first measurement
      replaceChildren(this.summary);
      replaceChildren(this.similarityHost);
    }
    if (this.maps) this.grid.setMaps(this.maps);
    if (!info.hasData) {
      this.status.textContent = 'This model has no validation text: load it with a text (or build one) to measure its heads.';
      return;
    }
    this.measure();
  }

  /** The probe's maps, for the grid (and the large view); `running`: training runs, so they are
   *  drawn again at the next evaluation. */
  setProbe(maps, running = false) {
    this.maps = maps;
    if (this.info && maps.layers === this.info.config.layers && maps.heads === this.info.config.heads) {
      this.grid.setMaps(maps);
      this.mapsStep = maps.step ?? null;
      this.running = running;
      this.#sayAsOf();
    }
  }

  /** Training started or stopped: the line over the grid says whether its maps follow it. */
  following(running) {
    if (this.running === running) return;
    this.running = running;
    if (this.mapsStep !== null || this.measuredAt !== null) this.#sayAsOf();
  }

  /** The line over the grid: the step of its maps, and the step its roles were measured at. */
  #sayAsOf() {
    const roles = this.measuredAt === null ? 'not measured yet' : `measured at step ${this.measuredAt.toLocaleString('en-GB')}`
      + (this.running && this.mapsStep !== this.measuredAt ? ' (measured again when training pauses or stops)' : '');
    this.gridAsOf.textContent = `Maps: ${asOfText(this.mapsStep, this.running)} Roles under them: ${roles}.`;
  }

  /** Measures every head over the windows asked for; the last good measurement stays if this fails. */
  async measure() {
    if (!this.info?.hasData) return;
    const windows = this.windows.valueAsNumber, seed = this.seed.valueAsNumber;
    const token = (this.token = {}), steps = this.info.steps;
    this.error.textContent = '';
    for (const input of [this.windows, this.seed]) input.removeAttribute('aria-invalid');
    this.progress.value = 0;
    this.progress.hidden = false;
    this.status.textContent = 'Measuring the heads in the training worker…';
    try {
      const stats = await this.request('heads', { windows: Number.isNaN(windows) ? this.windows.value : windows, seed: Number.isNaN(seed) ? this.seed.value : seed }, {
        onProgress: ({ done, total }) => {
          if (token !== this.token) return;
          this.progress.max = total;
          this.progress.value = done;
          this.status.textContent = `Measuring the heads: ${done} of ${total} windows…`;
        },
      });
      if (token !== this.token) return;
      this.measuredAt = steps;
      this.#show(stats);
      this.#sayAsOf();
      this.status.textContent = `Measured ${stats.layers * stats.heads} heads over ${stats.windows} windows of ${stats.t} characters (seed ${stats.seed}) at step ${steps}.`;
    } catch (error) {
      if (token !== this.token) return;
      this.status.textContent = '';
      const field = /seed/.test(error.message) ? this.seed : /windows/.test(error.message) ? this.windows : null;
      field?.setAttribute('aria-invalid', 'true');
      this.error.textContent = `The heads could not be measured: ${inFormWords(error.message)}${this.stats ? ' The last measurement stays.' : ''}`;
    } finally {
      if (token === this.token) this.progress.hidden = true;
    }
  }

  /** The model trained on: its step changed, so measure again. */
  trained(info) {
    this.info = { ...this.info, ...info };
    this.measure();
  }

  #show(stats) {
    this.stats = stats;
    this.waiting = false;
    const roles = stats.records.map(headRole);
    this.roles = roles;
    this.grid.setRoles(stats.records, roles);
    this.ablation.setRoles(roles);
    this.#summarise(stats, roles);
    this.#fillTable(stats, roles);
    this.#similarity(stats);
    this.consistency.setStats(stats);
  }

  #summarise(stats, roles) {
    const named = roles.filter((r) => r.role).length, count = roles.length;
    const flat = flatDiagnosis(stats.records);
    const alike = alikePairs(stats.similarity, count);
    const name = (g) => headName(Math.floor(g / stats.heads), g % stats.heads);
    const lines = [`${named} of ${count} heads have a clear role under the rule below; ${count - named} have none.`];
    if (flat.kind === 'all') {
      lines.push('Every head’s rows are nearly uniform: the scores carry no signal, and each head returns an average of everything before it. '
        + 'At step 0 that is the initialisation (weights near zero); in a trained model it points at the scaling, the initialisation or a mask that removed everything.');
    } else if (flat.kind === 'some') {
      lines.push(`Mostly flat rows in ${flat.heads.map((r) => headName(r.layer, r.head)).join(', ')}: these heads average what they see rather than pick something out.`);
    }
    lines.push(alike.length
      ? `Not specialised apart (similarity at least ${ALIKE}): ${alike.slice(0, 6).map((p) => `${name(p.a)} and ${name(p.b)} (${fixed(p.similarity, 2)})`).join(', ')}${alike.length > 6 ? `, and ${alike.length - 6} more pairs` : ''}.`
      : `No two heads are ${ALIKE} alike or more: each has a map of its own.`);
    replaceChildren(this.summary, lines.map((line) => h('p', {}, line)));
  }

  /** "Show data as a table": every score of every head, mean and spread, under a first row of
   *  each score's chance level (a head spreading its weight evenly, on the same windows). */
  #fillTable(stats, roles) {
    const at = (g, s) => stats.summary[(g * S + s) * 2], spread = (g, s) => stats.summary[(g * S + s) * 2 + 1];
    const pairs = [['previous token', HeadScore.previous], ['itself', HeadScore.self], ['first position', HeadScore.sink], ['stripes', HeadScore.stripe],
      ['entropy (nats)', HeadScore.entropy], ['flat share', HeadScore.flat], ['induction', HeadScore.induction]];
    const chanceRow = ['chance (even spread)', '—', ...pairs.flatMap(([, s]) => [stats.chance[s], 0]), stats.chance[HeadScore.lnK], '—', null, null];
    this.scores.set({
      caption: `Every head’s scores over ${stats.windows} windows (mean, and spread: the standard deviation over the windows); `
        + 'the first row is each score’s chance level, a head spreading its weight evenly over the same windows',
      columns: [{ label: 'head' }, { label: 'role' }, ...pairs.flatMap(([label]) => [{ label }, { label: 'spread' }]),
        { label: 'ln k' }, { label: 'strongest offset' }, { label: 'its weight' }, { label: 'spread' }],
      rows: [chanceRow, ...stats.records.map((record, g) => [
        headName(record.layer, record.head), roles[g].name,
        ...pairs.flatMap(([, s]) => [at(g, s), spread(g, s)]),
        at(g, HeadScore.lnK), record.offset.at ? `${record.offset.at} back` : '—', record.offset.mean, record.offset.spread,
      ])],
    });
  }

  #similarity(stats) {
    const map = this.#similarityMap(stats.layers * stats.heads, stats.heads);
    map.update(stats.similarity);
    this.similarity = map;
  }

  /** The similarity map of `count` heads (`heads` a layer), in its place, not drawn yet. */
  #similarityMap(count, heads) {
    const labels = Array.from({ length: count }, (_, g) => headName(Math.floor(g / heads), g % heads).replace(' ', ''));
    const map = new Heatmap({ label: 'Similarity of every two heads’ maps (rows and columns: heads)', rowLabels: labels, colLabels: labels,
      min: 0, max: 1, format: (x) => fixed(x, 2), rowTitle: 'head', colTitle: 'head', cellSize: Math.max(10, Math.min(36, Math.floor(480 / count))) });
    replaceChildren(this.similarityHost, map.element);
    return map;
  }

  /** A grid cell opened large: the head on the probe, its scores here and over the windows. */
  #openHead(layer, head) {
    const maps = this.maps;
    if (!maps) return;
    const g = layer * maps.heads + head, t = maps.t;
    const lines = [];
    if (maps.scores) {
      const p = (s) => withChance(maps.scores[g * S + s], maps.chance[s], 3);
      lines.push(`On this probe (rows 2 to ${t}): ${p(HeadScore.self)} of a row's weight on the character itself, ${p(HeadScore.previous)} on the previous one, ${p(HeadScore.sink)} on the first.`);
    }
    const record = this.stats?.records[g], role = this.roles?.[g];
    if (record) {
      const c = (score, digits = 3) => withChance(score.mean, score.chance, digits);
      lines.push(`Over ${this.stats.windows} windows: ${role.role ? `role: ${role.name}, ${withChance(role.score, role.chance, 3)}` : `no clear role (strongest: ${role.strongest.name}, ${withChance(role.strongest.score, role.strongest.chance, 3)})`}. `
        + `Previous token ${c(record.previous)} ± ${fixed(record.previous.spread, 3)}; itself ${c(record.self)} ± ${fixed(record.self.spread, 3)}; `
        + `first position ${c(record.sink)}; stripes ${c(record.stripe)}; induction ${c(record.induction)}; `
        + `flat share ${c(record.flat)}; entropy ${c(record.entropy, 2)} nats, the chance level being ln k.`);
    }
    const close = () => this.dialog.element.close();
    const actions = record ? [
      actionButton({ className: 'secondary', onclick: () => { close(); this.consistency.select(g); } }, 'Check it window by window'),
      actionButton({ className: 'secondary', onclick: () => { close(); this.ablation.select(g); } }, 'Knock it out'),
    ] : [];
    this.dialog.open({
      title: `Layer ${layer + 1}, head ${head + 1} on the probe text`,
      label: `Layer ${layer + 1}, head ${head + 1}, large: attention weights on the probe text (rows: queries, columns: keys)`,
      weights: maps.weights.subarray(g * t * t, (g + 1) * t * t), t, chars: maps.chars, lines, actions,
    });
  }

  /** A window of the consistency view opened large. */
  #openWindow(g, text, weights, t, which) {
    const name = headName(Math.floor(g / this.stats.heads), g % this.stats.heads);
    this.dialog.open({
      title: `${name} on ${which}`,
      label: `${name} on ${which}: attention weights (rows: queries, columns: keys)`,
      weights, t, chars: Array.from(text),
    });
  }
}
