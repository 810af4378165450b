// data-parallel.js — one training step split across two workers: this worker's model takes the
// first half of the batch, a helper (web/workers/grad-worker.js, over a MessagePort) the second;
// their gradients are averaged, weighted by rows, and this model makes the one optimiser step.
// The result equals a whole-batch step up to float rounding (the loss is a mean over rows).

export class DataParallel {
  constructor(port) {
    this.port = port;
    this.waiting = null;
    this.port.onmessage = (event) => {
      const waiter = this.waiting;
      this.waiting = null;
      if (!waiter) return;
      if (event.data.type === 'error') waiter.reject(new Error(`The second worker failed: ${event.data.message}`));
      else waiter.resolve(event.data);
    };
  }

  #call(message, transfer = []) {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.port.postMessage(message, transfer);
    });
  }

  /** Gives the helper a model of the same configuration (its parameters come with each step). */
  async adopt(model) {
    const bytes = model.save({ optimizer: false }); // the helper needs the weights, not the moments
    await this.#call({ type: 'model', bytes }, [bytes.buffer]);
  }

  /** One step of `model` on a batch drawn by its own generator; returns the batch's mean loss. */
  async step(model) {
    const { batch, context } = model.config;
    const { tokens, targets } = model.sampleBatch();
    const mine = Math.ceil(batch / 2), theirs = batch - mine, rows = mine * context;
    const params = model.getParams();
    const reply = this.#call({
      type: 'grads', params, steps: model.steps, b: theirs,
      tokens: tokens.slice(rows), targets: targets.slice(rows),
    }, [params.buffer]);
    const own = model.computeGradients(tokens.slice(0, rows), targets.slice(0, rows), mine);
    const other = await reply;
    const a = mine / batch, b = theirs / batch;
    const grads = own.grads;
    for (let i = 0; i < grads.length; i++) grads[i] = a * grads[i] + b * other.grads[i];
    model.applyGradients(grads);
    return a * own.loss + b * other.loss;
  }
}
