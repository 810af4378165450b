// weights-actions.js — what <attn-train> does with weights files: the "Weights" panel's actions
// (download the current model's file, load one from disk, restore the last model kept in this
// browser, load the shipped model again with its recorded loss curve) and keeping the model in
// IndexedDB (model-store.js) when training pauses or stops. The panel's controls are
// train-panels.js's; the lab wires them.
//
//   const weights = new WeightsActions(panel, lab);  // panel: buildWeightsPanel()'s; lab: <attn-train>'s #hooks()
//   await weights.loadShipped();  weights.download();  weights.upload();  weights.restore();  weights.keep();

import { saveFile } from '../../ui/save-file.js';
import { saveLastModel, loadLastModel } from './model-store.js';
import { fetchDefaultCheckpoint, fetchDefaultCurve } from '../../lib/model/default-checkpoint.js';
import { sayBeside } from './field-problem.js';

export class WeightsActions {
  constructor(panel, lab) {
    this.panel = panel;
    this.lab = lab;
  }

  /** Loads a weights file; `curve` (the shipped model's recorded losses) is drawn with it;
   *  `options` go to the lab's task (beside: the field a failure is said beside). */
  async #load(bytes, source, curve = null, options = undefined) {
    const { lab } = this;
    return lab.task(`The ${source} could not be loaded`, async () => {
      const info = await lab.request('load', { bytes });
      lab.adopt(info, `Loaded the ${source}`, { curve });
      lab.changed({ what: 'load', step: info.steps });
      return info;
    }, `Loading the ${source}…`, options);
  }

  async loadShipped() {
    await this.lab.task('The shipped model could not be loaded', async () => {
      const [bytes, curve] = await Promise.all([fetchDefaultCheckpoint(), fetchDefaultCurve().catch(() => null)]);
      await this.#load(bytes, 'shipped model', curve);
      if (!curve) this.lab.message.textContent += ' (Its recorded loss curve could not be loaded: the chart starts at this step.)';
    });
  }

  /** Keeps the current weights in IndexedDB (best effort: private windows may refuse). */
  async keep() {
    try {
      const bytes = await this.lab.request('save');
      await saveLastModel(bytes);
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
    await this.#load(bytes, `weights file ${file.name}`, null, { beside: () => ({ input: upload, line: uploadProblem }) });
    upload.value = '';
  }

  async restore() {
    await this.lab.task('The last model could not be restored', async () => {
      const bytes = await loadLastModel();
      if (!bytes) throw new Error('no model is kept in this browser yet (pause a training run to keep one).');
      await this.#load(bytes, 'last model kept in this browser');
    });
  }
}
