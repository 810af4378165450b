// train-panels.js — the form controls of <attn-train>, built once: model configuration, text
// source, training buttons and readouts, samples, probe, weights. No behaviour here: the
// widget wires the handlers.

import { h, uniqueId } from '../../ui/dom.js';
import { PRESETS } from '../../lib/model/presets.js';

export const FIELDS = [
  { name: 'layers', label: 'Layers', min: 1, max: 12, step: 1 },
  { name: 'heads', label: 'Heads', min: 1, max: 16, step: 1 },
  { name: 'dModel', label: 'd_model', min: 4, max: 512, step: 1 },
  { name: 'context', label: 'Context', min: 2, max: 256, step: 1 },
  { name: 'batch', label: 'Batch', min: 1, max: 64, step: 1 },
  { name: 'lr', label: 'Learning rate', min: 0.00001, max: 0.1, step: 0.0001 },
  { name: 'seed', label: 'Seed', min: 0, max: 4294967295, step: 1 },
];

const PRESET_LABELS = { small: 'Small (2 layers, 4 heads, d_model 64)', nanogpt: 'nanoGPT CPU (4 layers, 4 heads, d_model 128, batch 12)' };

function labelled(text, control) {
  const id = uniqueId('field');
  control.id = id;
  return h('span', { className: 'field' }, h('label', { for: id }, text), control);
}

export function buildConfigPanel() {
  const preset = h('select', {}, Object.keys(PRESETS).map((key) => h('option', { value: key }, PRESET_LABELS[key])), h('option', { value: 'custom' }, 'Custom'));
  const inputs = Object.fromEntries(FIELDS.map((f) => [f.name, h('input', { type: 'number', min: f.min, max: f.max, step: f.step, inputmode: 'decimal' })]));
  const sourceName = uniqueId('source');
  const useDefault = h('input', { type: 'radio', name: sourceName, value: 'default', checked: true });
  const useMine = h('input', { type: 'radio', name: sourceName, value: 'mine' });
  const textBox = h('textarea', { rows: 4, placeholder: 'Paste a text to train on (at least a few thousand characters)…' });
  const file = h('input', { type: 'file', accept: '.txt,text/plain' });
  const build = h('button', { type: 'button' }, 'Build model');
  const presetError = h('p', { className: 'error', 'aria-live': 'polite', hidden: true });
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Model and text'),
    h('div', { className: 'toolbar' }, labelled('Preset', preset)), presetError,
    h('div', { className: 'fields' }, FIELDS.map((f) => labelled(f.label, inputs[f.name]))),
    h('div', { className: 'toolbar', role: 'radiogroup', 'aria-label': 'Training text' },
      h('label', {}, useDefault, ' The default corpus (generated, seeded)'),
      h('label', {}, useMine, ' My own text')),
    h('div', { className: 'own-text' }, labelled('Your text', textBox), labelled('or a .txt file (up to 5 MB)', file)),
    h('div', { className: 'toolbar' }, build));
  return { element, preset, presetError, inputs, useDefault, useMine, textBox, file, build };
}

export function buildTrainingPanel() {
  const start = h('button', { type: 'button' }, 'Start');
  const pause = h('button', { type: 'button', className: 'secondary', disabled: true }, 'Pause');
  const reset = h('button', { type: 'button', className: 'secondary' }, 'Reset');
  const until = h('input', { type: 'number', min: 1, max: 100000, step: 1, value: '2000' });
  const bothCores = h('input', { type: 'checkbox', checked: true });
  const coresLabel = h('label', {}, bothCores, ' Use two cores (a second worker takes half of each batch)');
  const stat = (name) => h('dd', { 'data-stat': name }, '—');
  const stats = { model: stat('model'), step: stat('step'), train: stat('train'), val: stat('val'), unigram: stat('unigram'), floor: stat('floor'), tokens: stat('tokens'), steps: stat('steps') };
  const list = h('dl', { className: 'stats' },
    h('dt', {}, 'Model'), stats.model,
    h('dt', {}, 'Step'), stats.step,
    h('dt', {}, 'Training loss'), stats.train,
    h('dt', {}, 'Validation loss'), stats.val,
    h('dt', {}, 'Unigram baseline'), stats.unigram,
    h('dt', {}, 'Corpus floor'), stats.floor,
    h('dt', {}, 'Tokens per second'), stats.tokens,
    h('dt', {}, 'Steps per second'), stats.steps);
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Training'),
    h('div', { className: 'toolbar' }, start, pause, reset, labelled('Train until step', until), coresLabel),
    list);
  return { element, start, pause, reset, until, bothCores, coresLabel, stats };
}

export function buildSamplePanel() {
  const temperature = h('input', { type: 'range', min: 0, max: 2, step: 0.05, value: '0.8' });
  const temperatureText = h('output', {}, '0.80');
  const prompt = h('input', { type: 'text', value: 'the ', size: 16 });
  const length = h('input', { type: 'number', min: 1, max: 2000, step: 1, value: '200' });
  const button = h('button', { type: 'button' }, 'Sample');
  const output = h('pre', { className: 'sample', role: 'group', 'aria-live': 'polite', 'aria-label': 'Sampled text' });
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Samples'),
    h('div', { className: 'toolbar' }, labelled('Prompt', prompt), labelled('Temperature', temperature), temperatureText, labelled('Length', length), button),
    output);
  return { element, temperature, temperatureText, prompt, length, button, output };
}

export function buildProbePanel() {
  const text = h('input', { type: 'text', size: 40 });
  const layer = h('select', {});
  const head = h('select', {});
  const button = h('button', { type: 'button' }, 'Show attention');
  const summary = h('p', { className: 'probe-summary', 'aria-live': 'polite' });
  const host = h('div', { className: 'map-host' });
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Attention maps'),
    h('div', { className: 'toolbar' }, labelled('Probe text', text), button),
    h('div', { className: 'toolbar' }, labelled('Layer', layer), labelled('Head', head)),
    summary, host);
  return { element, text, layer, head, button, summary, host };
}

export function buildWeightsPanel() {
  const download = h('button', { type: 'button', className: 'secondary' }, 'Download weights');
  const upload = h('input', { type: 'file', accept: '.attnlab,application/octet-stream' });
  const restore = h('button', { type: 'button', className: 'secondary' }, 'Restore last model');
  const shipped = h('button', { type: 'button', className: 'secondary' }, 'Load the shipped model');
  const element = h('fieldset', { className: 'panel' }, h('legend', {}, 'Weights'),
    h('div', { className: 'toolbar' }, download, labelled('Load a weights file', upload), restore, shipped));
  return { element, download, upload, restore, shipped };
}

let sheet = null;
export function trainSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .panel { border: 1px solid var(--attn-border); border-radius: var(--attn-radius-small); margin: 0.7rem 0; padding: 0.5rem 0.8rem; min-width: 0; }
    .panel legend { font-weight: 600; padding: 0 0.3rem; }
    .field { display: inline-flex; flex-direction: column; gap: 0.1rem; font-size: 0.85rem; max-width: 100%; min-width: 0; }
    .field select, .field input[type=text], .field input[type=file] { max-width: 100%; min-width: 0; }
    .field input[type=number] { width: 7rem; }
    .fields { display: flex; flex-wrap: wrap; gap: 0.5rem 0.9rem; }
    .own-text { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: flex-end; }
    .own-text textarea { width: min(32rem, 100%); max-width: 100%; font: inherit; }
    .own-text .field { flex: 1 1 16rem; }
    input, select, textarea { font: inherit; color: inherit; background: var(--attn-bg); border: 1px solid var(--attn-border); border-radius: 4px; padding: 0.15rem 0.3rem; }
    .stats { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.15rem 1rem; margin: 0.4rem 0; font-size: 0.92rem; }
    .stats dt { color: var(--attn-muted); }
    .stats dd { margin: 0; font-family: var(--attn-mono); overflow-wrap: anywhere; }
    .line-chart { position: relative; height: 260px; width: 100%; }
    pre.sample { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--attn-surface); padding: 0.5rem; border-radius: var(--attn-radius-small); min-height: 2.5rem; font-family: var(--attn-mono); font-size: 0.88rem; }
    .error { color: var(--attn-error); }
  `);
  return sheet;
}
