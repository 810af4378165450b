// tfjs-train-model.js — the peer of the training benchmark: the same decoder-only character
// transformer as c/src/model.c (token + position embeddings, pre-LN blocks of causal multi-head
// attention and a 4C GELU MLP, final layer norm, head), one training step written with TF.js.
// Differences, all in the peer's favour: plain Adam (no weight decay), no gradient clipping.
// Embedding lookups are one-hot matmuls (the WASM backend has no gather gradient).

export function createTfModel(tf, { vocab, layers, heads, dModel: c, context, batch, lr }) {
  const normal = (shape, std) => tf.variable(tf.randomNormal(shape, 0, std, 'float32', 1));
  const zeros = (shape) => tf.variable(tf.zeros(shape));
  const ones = (shape) => tf.variable(tf.ones(shape));
  const resid = 0.02 / Math.sqrt(2 * layers);
  const p = {
    tok: normal([vocab, c], 0.02), pos: normal([context, c], 0.02),
    blocks: Array.from({ length: layers }, () => ({
      g1: ones([c]), b1: zeros([c]),
      wq: normal([c, c], 0.02), bq: zeros([c]), wk: normal([c, c], 0.02), bk: zeros([c]),
      wv: normal([c, c], 0.02), bv: zeros([c]), wo: normal([c, c], resid), bo: zeros([c]),
      g2: ones([c]), b2: zeros([c]),
      fc: normal([c, 4 * c], 0.02), bfc: zeros([4 * c]), proj: normal([4 * c, c], resid), bproj: zeros([c]),
    })),
    gf: ones([c]), bf: zeros([c]), head: normal([c, vocab], 0.02), bhead: zeros([vocab]),
  };
  const d = c / heads, t = context, rows = batch * t;
  const mask = tf.tidy(() => tf.mul(tf.sub(tf.linalg.bandPart(tf.ones([t, t]), -1, 0), 1), 1e9)); // 0 on/below the diagonal, −1e9 above
  const optimizer = tf.train.adam(lr, 0.9, 0.95, 1e-8);

  const layerNorm = (x, g, b) => {
    const { mean, variance } = tf.moments(x, -1, true);
    return tf.add(tf.mul(tf.mul(tf.sub(x, mean), tf.rsqrt(tf.add(variance, 1e-5))), g), b);
  };
  const gelu = (x) => tf.mul(tf.mul(x, 0.5), tf.add(tf.tanh(tf.mul(tf.add(x, tf.mul(tf.mul(tf.mul(x, x), x), 0.044715)), Math.sqrt(2 / Math.PI))), 1));
  const linear = (x, w, b) => tf.add(tf.matMul(x, w), b);
  const split = (x) => tf.transpose(tf.reshape(x, [batch, t, heads, d]), [0, 2, 1, 3]);

  function loss(tokens, targets) {
    let x = tf.add(tf.matMul(tf.cast(tf.oneHot(tokens, vocab), 'float32'), p.tok), tf.tile(p.pos, [batch, 1])); // (rows, C)
    for (const b of p.blocks) {
      const a = layerNorm(x, b.g1, b.b1);
      const q = split(linear(a, b.wq, b.bq)), k = split(linear(a, b.wk, b.bk)), v = split(linear(a, b.wv, b.bv));
      const scores = tf.add(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(d)), mask);
      const y = tf.reshape(tf.transpose(tf.matMul(tf.softmax(scores), v), [0, 2, 1, 3]), [rows, c]);
      x = tf.add(x, linear(y, b.wo, b.bo));
      x = tf.add(x, linear(gelu(linear(layerNorm(x, b.g2, b.b2), b.fc, b.bfc)), b.proj, b.bproj));
    }
    const logits = linear(layerNorm(x, p.gf, p.bf), p.head, p.bhead);
    return tf.neg(tf.mean(tf.sum(tf.mul(tf.cast(tf.oneHot(targets, vocab), 'float32'), tf.logSoftmax(logits)), -1)));
  }

  return {
    /** One training step on int32 tokens and targets (batch·context each); returns the loss. */
    step(tokens, targets) {
      const tok = tf.tensor1d(tokens, 'int32'), tgt = tf.tensor1d(targets, 'int32');
      const value = optimizer.minimize(() => loss(tok, tgt), true);
      const out = value.dataSync()[0];
      tf.dispose([tok, tgt, value]);
      return out;
    },
    dispose() {
      tf.disposeVariables();
      mask.dispose();
      optimizer.dispose();
    },
  };
}
