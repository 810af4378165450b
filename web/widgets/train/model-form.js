// model-form.js — <attn-train>'s "Model and text" form at work: a preset fills the fields, a field
// changed by hand makes the preset "Custom", the learner's own text is typed or read from a .txt
// file (up to 5 MB), and the form gives the options "Build model" builds with. It keeps the form
// honest about the running model (applied-settings.js). A value a build cannot take is refused
// beside its field (marked invalid, described by the sentence; the typed value stays), with the
// model's own checks (config.js checkOption); a reason that concerns no single field is given
// beside Build model. The controls are train-panels.js's.
//
//   const form = new ModelForm(panel, lab);  // panel: buildConfigPanel()'s; lab: <attn-train>'s #hooks()
//   form.fillPreset(name);  form.options();  await form.readFile();
//   form.refusals();  → [{ field, sentence }] (field null: Build model's)   form.showRefusals(list)
//   form.appliedSettings.running(info);  form.appliedSettings.failed();

import { PRESETS } from '../../lib/model/presets.js';
import { FIELDS } from './train-panels.js';
import { AppliedSettings } from './applied-settings.js';
import { checkOption } from '../../lib/model/config.js';
import { Status } from '../../lib/errors.js';
import { notANumber } from '../../ui/number-field.js';
import { sayBeside } from './field-problem.js';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The API's names of the form's fields, as the form labels them (for messages from the model's checks). */
const FORM_WORDS = [[/\bdModel\b/g, 'd_model'], [/\blr \(the learning rate\)/g, 'learning rate'], [/\blr\b/g, 'learning rate'], [/but it is the text ""/g, 'but the field is empty']];
/** A message that starts with a field's API name starts with its label, as the form shows it ("Batch must…"). */
const LEADING_NAMES = FIELDS.map((f) => [new RegExp(`^${f.name}${f.name === 'lr' ? '(?: \\(the learning rate\\)|\\b)' : '\\b'}`), f.label]);
export const inFormWords = (message) => FORM_WORDS.reduce((text, [name, label]) => text.replace(name, label),
  LEADING_NAMES.reduce((text, [name, label]) => text.replace(name, label), message));

export class ModelForm {
  constructor(panel, lab) {
    this.panel = panel;
    this.lab = lab;
    this.appliedSettings = new AppliedSettings(panel, (config, ownText) => this.fill(config, ownText));
    for (const input of Object.values(panel.inputs)) {
      input.addEventListener('input', () => {
        panel.preset.value = 'custom';
        this.#refuse(input, null); // the sentence was about the value typed before
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
    this.showRefusals([]);
    this.appliedSettings.refresh();
  }

  /** What a build would refuse in the fields, checked here as the model checks them: [{ field, sentence }]. */
  refusals() {
    const options = this.options();
    return FIELDS.flatMap((f) => {
      // Text that is not a number ("2e") reads as '' in the browser: say so, not "the field is empty".
      if (this.panel.inputs[f.name].validity.badInput) return [{ field: f.name, sentence: notANumber(this.panel.inputs[f.name]) }];
      try {
        checkOption(f.name, options[f.name]);
        return [];
      } catch (error) {
        return [{ field: f.name, sentence: inFormWords(error.message) }];
      }
    });
  }

  /**
   * Where a build's failure belongs: d_model not divisible by heads is the fault of whichever of
   * the two differs from the running model (of neither alone: Build model's); the rest (memory,
   * the text) concerns no single field.
   */
  refusalOf(error) {
    const sentence = inFormWords(error.message);
    if (error.code !== Status.SHAPE) return { field: null, sentence };
    const changed = ['dModel', 'heads'].filter((name) => this.appliedSettings.differs(name));
    return { field: changed.length === 1 ? changed[0] : null, sentence };
  }

  /** Shows `list` ([{ field, sentence }]) beside the fields (or Build model), and clears the rest. */
  showRefusals(list) {
    const c = this.panel;
    for (const f of FIELDS) this.#refuse(c.inputs[f.name], list.find((r) => r.field === f.name)?.sentence ?? null, c.problems[f.name]);
    const general = list.filter((r) => r.field === null).map((r) => r.sentence).join(' ');
    c.buildProblem.textContent = general;
    c.buildProblem.hidden = !general;
  }

  #refuse(input, sentence, line = this.panel.problems[FIELDS.find((f) => this.panel.inputs[f.name] === input).name]) {
    sayBeside(input, line, sentence);
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
    sayBeside(c.file, c.fileProblem, null); // a new choice takes the last one's sentence away
    await this.lab.task(`Your file ${file.name}`, async () => {
      if (file.size > MAX_FILE_BYTES) throw new Error(`it is ${(file.size / 2 ** 20).toFixed(1)} MB; the lab takes texts up to 5 MB.`);
      c.textBox.value = await file.text();
      c.useMine.checked = true;
      this.lab.message.textContent = `Read ${file.name}: ${c.textBox.value.length} characters. Press “Build model” to train on it.`;
    }, null, { beside: () => ({ input: c.file, line: c.fileProblem }) });
  }
}
