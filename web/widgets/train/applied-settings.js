// applied-settings.js — keeps <attn-train>'s "Model and text" form honest about the model that
// runs: every field whose value differs from the running model's shows that model's value beside
// it ("≠ running model: 4"), and a line under the form says the settings are not applied (not
// yet, or because the last build failed), with a button that puts the running model's settings
// back. Typed values are never thrown away without the learner asking.
//
//   const settings = new AppliedSettings(configPanel, fillFields);
//   settings.running(info)      // a model was built or loaded: its configuration and corpus
//   settings.failed()           // a build failed: the form holds settings that are not applied
//   settings.refresh()          // the learner changed a field

import { FIELDS } from './train-panels.js';

/** The form's value of field `f` as a number (NaN when it is not one). */
const formValue = (input) => (input.value.trim() === '' ? NaN : Number(input.value));

export class AppliedSettings {
  /** `panel`: buildConfigPanel()'s controls; `fill(config, ownText)`: puts a configuration in the form. */
  constructor(panel, fill) {
    this.panel = panel;
    this.fill = fill;
    this.model = null;       // { config, ownText } of the running model
    this.buildFailed = false;
    panel.restore.addEventListener('click', () => this.restore());
  }

  running(info) {
    this.model = { config: info.config, ownText: info.corpus?.kind !== 'default' };
    this.buildFailed = false;
    this.refresh();
  }

  failed() {
    this.buildFailed = true;
    this.refresh();
  }

  /** Puts the running model's settings back in the form. */
  restore() {
    if (!this.model) return;
    this.fill(this.model.config, this.model.ownText);
    this.buildFailed = false;
    this.refresh();
    this.panel.build.focus();
  }

  /** True when field `name` differs from the running model's value. */
  differs(name) {
    return Boolean(this.model) && formValue(this.panel.inputs[name]) !== this.model.config[name];
  }

  /** The fields (by label) whose values differ from the running model's. */
  differences() {
    if (!this.model) return [];
    const { config, ownText } = this.model;
    const fields = FIELDS.filter((f) => formValue(this.panel.inputs[f.name]) !== config[f.name]).map((f) => f.label);
    if (this.panel.useMine.checked !== ownText) fields.push('Training text');
    return fields;
  }

  refresh() {
    const p = this.panel;
    const config = this.model?.config;
    for (const f of FIELDS) {
      const differs = Boolean(config) && formValue(p.inputs[f.name]) !== config[f.name];
      p.running[f.name].hidden = !differs;
      p.running[f.name].textContent = differs ? `running model: ${config[f.name]}` : '';
    }
    const textDiffers = Boolean(this.model) && p.useMine.checked !== this.model.ownText;
    p.runningText.hidden = !textDiffers;
    p.runningText.textContent = textDiffers ? `running model: ${this.model.ownText ? 'your own text' : 'the default corpus'}` : '';
    const differences = this.differences();
    p.notApplied.hidden = differences.length === 0;
    if (!differences.length) return;
    const marked = `the fields marked ≠ (${differences.join(', ')})`;
    p.notAppliedText.textContent = this.buildFailed
      ? `Not applied: the build failed, and the model from before is still running. Its own values are shown under ${marked}.`
      : `Not applied yet: ${marked} differ from the model running. Press Build model to build a model with these settings.`;
  }
}
