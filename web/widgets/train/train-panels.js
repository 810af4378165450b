// train-panels.js — the form controls of <attn-train>, built once: model configuration, text
// source, training buttons and readouts, samples, probe, weights. No behaviour here: the
// widget wires the handlers.

import { h, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { PRESETS } from '../../lib/model/presets.js';
import { OPTION_LIMITS } from '../../lib/model/config.js';
import { WINDOW } from './loss-notes.js';
import { problemBeside } from './field-problem.js';

/** The model's fields; their min and max are the model's own limits (config.js OPTION_LIMITS),
 *  the ones its checks state when they refuse a value. */
export const FIELDS = [
  { name: 'layers', label: 'Layers', step: 1 },
  { name: 'heads', label: 'Heads', step: 1 },
  { name: 'dModel', label: 'd_model', step: 1 },
  { name: 'context', label: 'Context', step: 1 },
  { name: 'batch', label: 'Batch', step: 1 },
  { name: 'lr', label: 'Learning rate', step: 0.0001 },
  { name: 'seed', label: 'Seed', step: 1 },
].map((f) => ({ ...f, min: OPTION_LIMITS[f.name].min, max: OPTION_LIMITS[f.name].max }));

const PRESET_LABELS = { small: 'Small (2 layers, 4 heads, d_model 64)', nanogpt: 'nanoGPT CPU (4 layers, 4 heads, d_model 128, batch 12)' };

export function labelled(text, control, ...after) {
  const id = uniqueId('field');
  control.id = id;
  return h('span', { className: 'field' }, h('label', { for: id }, text), control, ...after);
}

export function buildConfigPanel() {
  const preset = h('select', {}, Object.keys(PRESETS).map((key) => h('option', { value: key }, PRESET_LABELS[key])), h('option', { value: 'custom' }, 'Custom'));
  const inputs = Object.fromEntries(FIELDS.map((f) => [f.name, h('input', { type: 'number', min: f.min, max: f.max, step: f.step, inputmode: 'decimal' })]));
  // Beside each field, the running model's value when the field differs from it (applied-settings.js).
  const running = Object.fromEntries(FIELDS.map((f) => [f.name, h('span', { className: 'running', id: uniqueId('running'), hidden: true })]));
  // Beside each field, why a build refused its value (model-form.js); beside Build model, a reason
  // that concerns no single field (memory, d_model and heads together, the text).
  for (const f of FIELDS) inputs[f.name].setAttribute('aria-describedby', running[f.name].id);
  const problems = Object.fromEntries(FIELDS.map((f) => [f.name, problemBeside(inputs[f.name])]));
  const runningText = h('span', { className: 'running', id: uniqueId('running'), hidden: true });
  const sourceName = uniqueId('source');
  const useDefault = h('input', { type: 'radio', name: sourceName, value: 'default', checked: true });
  const useMine = h('input', { type: 'radio', name: sourceName, value: 'mine' });
  const textBox = h('textarea', { rows: 4, placeholder: 'Paste a text to train on (at least a few thousand characters)…' });
  const file = h('input', { type: 'file', accept: '.txt,text/plain' });
  const fileProblem = problemBeside(file); // a file too large, kept until the next choice
  const buildProblem = h('span', { className: 'error build-problem', id: uniqueId('problem'), hidden: true });
  const build = actionButton({ 'aria-describedby': buildProblem.id }, 'Build model');
  const presetError = h('p', { className: 'error', 'aria-live': 'polite', hidden: true });
  // Shown while the form differs from the model that runs (applied-settings.js).
  const notAppliedText = h('span', {});
  const restore = actionButton({ className: 'secondary' }, 'Use the running model’s settings');
  const notApplied = h('div', { className: 'not-applied', role: 'status', hidden: true }, h('p', {}, notAppliedText), restore);
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Model and text'),
    h('div', { className: 'toolbar' }, labelled('Preset', preset)), presetError,
    h('div', { className: 'fields' }, FIELDS.map((f) => labelled(f.label, inputs[f.name], problems[f.name], running[f.name]))),
    h('div', { className: 'toolbar', role: 'radiogroup', 'aria-label': 'Training text', 'aria-describedby': runningText.id },
      h('label', {}, useDefault, ' The default corpus (generated, seeded)'),
      h('label', {}, useMine, ' My own text'), runningText),
    h('div', { className: 'own-text' }, labelled('Your text', textBox), labelled('or a .txt file (up to 5 MB)', file, fileProblem)),
    h('div', { className: 'toolbar' }, build, buildProblem),
    notApplied);
  return { element, preset, presetError, inputs, running, problems, buildProblem, runningText, useDefault, useMine, textBox, file, fileProblem, build, notApplied, notAppliedText, restore };
}

export function buildTrainingPanel() {
  const start = actionButton({ type: 'button' }, 'Start');
  const pause = actionButton({ className: 'secondary', disabled: true }, 'Pause');
  const reset = actionButton({ className: 'secondary' }, 'Reset');
  const until = h('input', { type: 'number', min: 1, max: 100000, step: 1, value: '2000' });
  const untilProblem = problemBeside(until); // a target refused, or one already reached
  const bothCores = h('input', { type: 'checkbox', checked: true });
  // Both cores: the kernels on two threads where the page is cross-origin isolated, else a
  // second worker taking half of each batch (training-session.js, twoCoreMode). The tokens-per-
  // second figure says which ("2 threads" or "2 workers").
  const coresLabel = h('label', {}, bothCores, ' Use two cores');
  const stat = (name) => h('dd', { 'data-stat': name }, '—');
  const stats = { model: stat('model'), step: stat('step'), train: stat('train'), val: stat('val'), unigram: stat('unigram'), floor: stat('floor'), tokens: stat('tokens'), steps: stat('steps') };
  const list = h('dl', { className: 'stats' },
    h('dt', {}, 'Model'), stats.model,
    h('dt', {}, 'Step'), stats.step,
    h('dt', {}, `Training loss (mean of the last ${WINDOW} steps)`), stats.train,
    h('dt', {}, 'Validation loss'), stats.val,
    h('dt', {}, 'Unigram baseline'), stats.unigram,
    h('dt', {}, 'Corpus floor'), stats.floor,
    h('dt', {}, 'Tokens per second'), stats.tokens,
    h('dt', {}, 'Steps per second'), stats.steps);
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Training'),
    h('div', { className: 'toolbar' }, start, pause, reset, labelled('Train until step', until, untilProblem), coresLabel),
    list);
  return { element, start, pause, reset, until, untilProblem, bothCores, coresLabel, stats };
}

export function buildSamplePanel() {
  const temperature = h('input', { type: 'range', min: 0, max: 2, step: 0.05, value: '0.8' });
  const temperatureText = h('output', {}, '0.80');
  const prompt = h('input', { type: 'text', value: 'the ', size: 16 });
  const length = h('input', { type: 'number', min: 1, max: 2000, step: 1, value: '200' });
  const promptProblem = problemBeside(prompt); // a character the model never saw
  const lengthProblem = problemBeside(length);
  const button = actionButton({ type: 'button' }, 'Sample');
  // The prompt and the generated text each get their own span (showSample); the key says which is which.
  const key = h('p', { className: 'sample-key', id: uniqueId('sample-key') },
    h('span', { className: 'prompt' }, 'Underlined, on a shaded ground'), ': your prompt; the rest the model wrote.');
  const output = h('pre', { className: 'sample', role: 'group', 'aria-live': 'polite', 'aria-label': 'Sampled text', 'aria-describedby': key.id });
  const asOf = asOfLine(); // the step the sample was written at (it is written again at each evaluation while training runs)
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Samples'),
    h('div', { className: 'toolbar' }, labelled('Prompt', prompt, promptProblem), labelled('Temperature', temperature), temperatureText, labelled('Length', length, lengthProblem), button),
    asOf, output, key);
  return { element, temperature, temperatureText, prompt, promptProblem, length, lengthProblem, button, output, key, asOf };
}

/** Shows a sample in the samples panel: the prompt marked off from what the model generated. */
export function showSample(panel, prompt, generated) {
  panel.output.replaceChildren(
    h('span', { className: 'prompt' }, h('span', { className: 'visually-hidden' }, 'Prompt: '), prompt),
    h('span', { className: 'generated' }, h('span', { className: 'visually-hidden' }, ' Generated: '), generated));
}

/** Before the model is loaded (the lab has not started): the prompt, then a dot for each character
 *  the model will write, so the sample's lines are in place (samples are monospaced). */
export function showSampleWaiting(panel) {
  const length = Math.max(1, Math.min(2000, panel.length.valueAsNumber || 200));
  panel.output.replaceChildren(
    h('span', { className: 'prompt' }, h('span', { className: 'visually-hidden' }, 'Prompt: '), panel.prompt.value),
    h('span', { className: 'waiting' }, h('span', { className: 'visually-hidden' }, ` ${length} characters, written once the model is loaded.`),
      h('span', { 'aria-hidden': 'true' }, '·'.repeat(length))));
}

/** A line saying at which step of training what follows it was computed (asOfText). */
export function asOfLine() {
  return h('p', { className: 'as-of' }, asOfText(null));
}

/** "As of step 1,250." (“…” before the model is loaded); `running`: it is redrawn at each
 *  evaluation while training runs. */
export function asOfText(step, running = false) {
  const at = step === null ? '…' : step.toLocaleString('en-GB');
  return `As of step ${at}${running ? ' (redrawn at each evaluation while training runs)' : ''}.`;
}

export function buildProbePanel() {
  const text = h('input', { type: 'text', size: 40 });
  const problem = h('p', { className: 'error probe-problem', 'aria-live': 'polite', hidden: true }); // the widget routes the probe's problems here
  const layer = h('select', {});
  const head = h('select', {});
  const button = actionButton({ type: 'button' }, 'Show attention');
  const summary = h('p', { className: 'probe-summary', 'aria-live': 'polite' });
  const host = h('div', { className: 'map-host' });
  // Right above the map, what a map cannot tell (probe-map.js draws the map).
  const note = h('p', { className: 'map-note' }, 'A row shows which earlier characters this head mixed into that position at this one layer, '
    + 'not what caused the model’s prediction. The causal test is to knock the head out and measure the loss again: '
    + '“What a head does to the prediction”, below.');
  const asOf = asOfLine(); // the step the maps were computed at
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Attention maps'),
    h('div', { className: 'toolbar' }, labelled('Probe text', text), button), problem,
    h('div', { className: 'toolbar' }, labelled('Layer', layer), labelled('Head', head)),
    asOf, summary, note, host);
  return { element, text, problem, layer, head, button, summary, host, asOf };
}

export function buildWeightsPanel() {
  const download = actionButton({ className: 'secondary' }, 'Download weights');
  const upload = h('input', { type: 'file', accept: '.attnlab,application/octet-stream' });
  const uploadProblem = problemBeside(upload); // a file that is not a weights file, kept until the next choice
  const restore = actionButton({ className: 'secondary' }, 'Restore last model');
  const shipped = actionButton({ className: 'secondary' }, 'Load the shipped model');
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Weights'),
    h('div', { className: 'toolbar' }, download, labelled('Load a weights file', upload, uploadProblem), restore, shipped));
  return { element, download, upload, uploadProblem, restore, shipped };
}

let sheet = null;
export function trainSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .panel { border: 1px solid var(--attn-border); border-radius: var(--attn-radius-small); margin: 0.7rem 0; padding: 0.5rem 0.8rem; min-width: 0; }
    .panel legend { font-weight: 600; padding: 0 0.3rem; }
    .field { display: inline-flex; flex-direction: column; gap: 0.1rem; font-size: calc(0.85 * var(--attn-em)); max-width: 100%; min-width: 0; }
    .field select, .field input[type=text], .field input[type=file] { max-width: 100%; min-width: 0; }
    .field input[type=number] { width: 7rem; }
    .fields { display: flex; flex-wrap: wrap; gap: 0.5rem 0.9rem; }
    .own-text { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: flex-end; }
    .own-text textarea { width: min(32rem, 100%); max-width: 100%; font: inherit; }
    .own-text .field { flex: 1 1 16rem; }
    input, select, textarea { font: inherit; color: inherit; background: var(--attn-bg); border: 1px solid var(--attn-border); border-radius: 4px; padding: 0.15rem 0.3rem; }
    .stats { display: grid; grid-template-columns: fit-content(45%) minmax(0, 1fr); gap: 0.15rem 1rem; margin: 0.4rem 0; font-size: calc(0.92 * var(--attn-em)); }
    .stats dt { color: var(--attn-muted); }
    .stats dd { margin: 0; font-family: var(--attn-mono); overflow-wrap: anywhere; }
    .line-chart { position: relative; height: 260px; width: 100%; }
    pre.sample { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--attn-surface); padding: 0.5rem; border-radius: var(--attn-radius-small); min-height: 2.5rem; font-family: var(--attn-mono); font-size: calc(0.88 * var(--attn-em)); margin-bottom: 0.2rem; }
    pre.sample .waiting { color: var(--attn-muted); } /* the dots of a sample not written yet */
    .prompt { text-decoration: underline; text-decoration-thickness: 2px; text-underline-offset: 3px; background: var(--attn-involved); border-radius: 3px; }
    .as-of { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); margin: 0.2rem 0; }
    .kept-line { border: 1px solid var(--attn-border); border-left: 4px solid var(--attn-accent); border-radius: var(--attn-radius-small); padding: 0.5rem 0.7rem; margin: 0 0 0.6rem; }
    .kept-line button { margin-top: 0.3rem; }
    dialog.discard-dialog { max-width: min(92vw, 34rem); background: var(--attn-bg); color: var(--attn-fg); border: 1px solid var(--attn-border); border-radius: 10px; padding: 0.9rem 1.1rem; }
    dialog.discard-dialog::backdrop { background: rgb(0 0 0 / 0.45); }
    .sample-key { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); margin: 0 0 0.3rem; }
    .sample-key .prompt { color: var(--attn-fg); padding: 0 0.2em; }
    .running { font-size: calc(0.8 * var(--attn-em)); color: var(--attn-fg); font-style: italic; }
    .running::before { content: "≠ "; font-style: normal; font-weight: 700; }
    .field:has(.running:not([hidden])) input { border-style: dashed; border-width: 2px; }
    .field-problem { font-size: calc(0.8 * var(--attn-em)); max-width: 14rem; }
    .field-problem::before, .build-problem::before, .refusal:not(:empty)::before { content: "⚠ "; }
    .field input[aria-invalid=true] { border-color: var(--attn-error); border-width: 2px; }
    .build-problem { flex: 1 1 16rem; font-size: calc(0.9 * var(--attn-em)); }
    .field-problem[hidden], .build-problem[hidden] { display: none; }
    .not-applied { border-left: 4px solid var(--attn-involved-border); background: var(--attn-involved); padding: 0.3rem 0.6rem; border-radius: 4px; margin: 0.4rem 0; display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; }
    .not-applied[hidden] { display: none; }
    .not-applied p { margin: 0; flex: 1 1 18rem; }
    .loss-note { border-left: 4px solid var(--attn-error); background: var(--attn-surface); padding: 0.4rem 0.6rem; border-radius: 4px; margin: 0.4rem 0; }
    .loss-note strong { color: var(--attn-error); }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .error { color: var(--attn-error); }
  `);
  return sheet;
}
