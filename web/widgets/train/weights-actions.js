// weights-actions.js — what <attn-train> does with weights files: the "Weights" panel's actions
// (download the current model's file, load one from disk, restore the last model kept in this
// browser, load the shipped model again with its recorded loss curve), keeping the model in
// IndexedDB (model-store.js: its weights, step, loss curve and own text) when training pauses or
// stops, and coming back to the kept model when the lab starts. The panel's controls are
// train-panels.js's; the lab wires them.
//
//   const weights = new WeightsActions(panel, lab);  // panel: buildWeightsPanel()'s; lab: <attn-train>'s #hooks()
//   await weights.comeBack() || await weights.loadShipped();
//   weights.download();  weights.upload();  weights.restore();  weights.keep();

import { saveFile } from '../../ui/save-file.js';
import { saveLastModel, loadLastModel } from './model-store.js';
import { fetchDefaultCheckpoint, fetchDefaultCurve } from '../../lib/model/default-checkpoint.js';
import { sayBeside } from './field-problem.js';

export class WeightsActions {
  constructor(panel, lab) {
    this.panel = panel;
    this.lab = lab;
  }

  /** Loads a weights file; `curve` (the shipped model's recorded losses) is drawn with it, or
   *  `kept` (a record of model-store.js: its curve's points and own text) comes back with it;
   *  `options` go to the lab's task (beside: the field a failure is said beside). */
  async #load(bytes, source, { curve = null, kept = null } = {}, options = undefined) {
    const { lab } = this;
    return lab.task(`The ${source} could not be loaded`, async () => {
      const text = kept?.text ?? undefined;
      const info = await lab.request('load', text === undefined ? { bytes } : { bytes, text });
      lab.adopt(info, `Loaded the ${source}`, { curve, kept });
      lab.changed({ what: 'load', step: info.steps });
      return info;
    }, `Loading the ${source}…`, options);
  }

  /**
   * When the lab starts: the model kept in this browser, if there is one, comes back (its
   * weights, loss curve, step and own text). Resolves to { kept, info } when it did, null when
   * nothing is kept or it could not be read or loaded (said on the message line).
   */
  async comeBack() {
    let kept;
    try {
      kept = await loadLastModel();
    } catch {
      return null; // no IndexedDB (a private window): nothing can be kept
    }
    if (!kept) return null;
    const info = await this.#load(kept.bytes, 'model you trained, kept in this browser', { kept });
    return info ? { kept, info } : null;
  }

  async loadShipped() {
    await this.lab.task('The shipped model could not be loaded', async () => {
      const [bytes, curve] = await Promise.all([fetchDefaultCheckpoint(), fetchDefaultCurve().catch(() => null)]);
      await this.#load(bytes, 'shipped model', { curve });
      if (!curve) this.lab.message.textContent += ' (Its recorded loss curve could not be loaded: the chart starts at this step.)';
    });
  }

  /** Keeps the current model in IndexedDB: its weights, step, loss curve and own text (best
   *  effort: private windows may refuse). */
  async keep() {
    try {
      const bytes = await this.lab.request('save');
      await saveLastModel({ bytes, steps: this.lab.step(), curve: this.lab.curvePoints(), text: this.lab.ownText() });
      this.lab.message.textContent += ' The model is kept in this browser.';
    } catch {
      // Not kept; the download button still works.
    }
  }

  async download() {
    const { lab } = this;
    await lab.task('The weights could not be saved', async () => {
      const bytes = await lab.request('save');
      saveFile(lab.root, new Blob([bytes], { type: 'application/octet-stream' }), `attention-lab-step-${lab.step()}.attnlab`);
      lab.message.textContent = `Saved the weights (${(bytes.length / 1024).toFixed(0)} KiB).`;
    });
  }

  /** Loads the file chosen in the panel's file field, then empties the field (so the same file
   *  can be chosen again). A file that cannot be loaded is refused beside the field, naming it,
   *  until the next choice. */
  async upload() {
    const { upload, uploadProblem } = this.panel;
    const file = upload.files?.[0];
    if (!file) return;
    sayBeside(upload, uploadProblem, null); // it was about the file chosen before
    const bytes = new Uint8Array(await file.arrayBuffer());
    await this.#load(bytes, `weights file ${file.name}`, {}, { beside: () => ({ input: upload, line: uploadProblem }) });
    upload.value = '';
  }

  async restore() {
    await this.lab.task('The last model could not be restored', async () => {
      const kept = await loadLastModel();
      if (!kept) throw new Error('no model is kept in this browser yet (pause a training run to keep one).');
      await this.#load(kept.bytes, 'last model kept in this browser', { kept });
    });
  }
}
