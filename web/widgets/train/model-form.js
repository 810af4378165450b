// model-form.js — <attn-train>'s "Model and text" form at work: a preset fills the fields, a field
// changed by hand makes the preset "Custom", the learner's own text is typed or read from a .txt
// file (up to 5 MB), and the form gives the options "Build model" builds with. It keeps the form
// honest about the running model (applied-settings.js). The controls are train-panels.js's.
//
//   const form = new ModelForm(panel, lab);  // panel: buildConfigPanel()'s; lab: <attn-train>'s #hooks()
//   form.fillPreset(name);  form.options();  await form.readFile();
//   form.appliedSettings.running(info);  form.appliedSettings.failed();

import { PRESETS } from '../../lib/model/presets.js';
import { FIELDS } from './train-panels.js';
import { AppliedSettings } from './applied-settings.js';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

export class ModelForm {
  constructor(panel, lab) {
    this.panel = panel;
    this.lab = lab;
    this.appliedSettings = new AppliedSettings(panel, (config, ownText) => this.fill(config, ownText));
    for (const input of Object.values(panel.inputs)) {
      input.addEventListener('input', () => {
        panel.preset.value = 'custom';
        this.appliedSettings.refresh();
      });
    }
    for (const radio of [panel.useDefault, panel.useMine]) radio.addEventListener('change', () => this.appliedSettings.refresh());
    panel.textBox.addEventListener('input', () => {
      panel.useMine.checked = true;
      this.appliedSettings.refresh();
    });
  }

  fillPreset(name) {
    this.fill(PRESETS[name], this.panel.useMine.checked);
  }

  /** Puts a configuration (and the text choice) in the form; the preset select names it if it is one. */
  fill(config, ownText) {
    const c = this.panel;
    for (const f of FIELDS) c.inputs[f.name].value = String(config[f.name]);
    c.preset.value = Object.keys(PRESETS).find((name) => FIELDS.every((f) => PRESETS[name][f.name] === config[f.name])) ?? 'custom';
    (ownText ? c.useMine : c.useDefault).checked = true;
    this.appliedSettings.refresh();
  }

  /** The options of the model the form describes (a field that is not a number goes as typed). */
  options() {
    const c = this.panel;
    const options = {};
    for (const f of FIELDS) {
      const value = c.inputs[f.name].valueAsNumber;
      options[f.name] = Number.isNaN(value) ? c.inputs[f.name].value : value;
    }
    if (c.useMine.checked) options.text = c.textBox.value;
    return options;
  }

  /** Reads the .txt file chosen into the text box. */
  async readFile() {
    const c = this.panel;
    const file = c.file.files?.[0];
    if (!file) return;
    await this.lab.task('Your file', async () => {
      if (file.size > MAX_FILE_BYTES) throw new Error(`it is ${(file.size / 2 ** 20).toFixed(1)} MB; the lab takes texts up to 5 MB.`);
      c.textBox.value = await file.text();
      c.useMine.checked = true;
      this.lab.message.textContent = `Read ${file.name}: ${c.textBox.value.length} characters. Press “Build model” to train on it.`;
    });
  }
}
