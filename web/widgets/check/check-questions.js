// check-questions.js — the questions of <attn-check>: the lab text's six "Check yourself" questions in
// the lab's own words, two the lab adds, whose numbers a learner can compute with the widgets, and
// four on the chapter's text on attention's origin (the lookup that returns a blend, cross-attention and the bottleneck it removed,
// the KV cache's bytes, reading an attention map without over-reading it), appended so that the
// numbers of the first eight do not move.
// No DOM. Each question has
//   id, section (the lab section id that shows the answer live), see (that section and widget, in words)
//   and either
//   kind 'choice':  prompt, options [{ text, right, why }] (one right option; `why` is the feedback)
//   kind 'number':  numbers(seed) → the question's own numbers, prompt(numbers), unit (the field's
//                   label) and mark(attn, numbers, text) → { right, sentence } | { problem }
// A numeric question's numbers come from its seed, so "New numbers" gives a question that cannot be
// answered by copying, and a reload (the seed is kept in the progress) shows the same one.

import { markVariance, markEntries, markCrossover, markCacheBytes } from './check-marks.js';

/** The value of `list` for `seed`: seed 0 is the first (the chapter's own example); each next seed
 *  gives a different value until the list comes round (7 shares no factor with the lengths used). */
export function pickFor(seed, list) {
  return list[(seed * 7) % list.length];
}

const HEAD_WIDTHS = [96, 16, 24, 32, 48, 64, 128, 160, 192, 256];
const LENGTHS = [2048, 256, 384, 512, 768, 1024, 1536, 3072, 4096];
const WIDTHS = [768, 256, 384, 512, 1024, 1280, 1600, 2048, 4096];
/** The KV cache question's layers and tokens (seed 0: a GPT-2-small-sized model, 12 layers of 768, at 1,024 tokens). */
const CACHE_LAYERS = [12, 2, 4, 6, 8, 24, 32, 48];
const CACHE_TOKENS = [1024, 128, 256, 384, 512, 2048, 3000, 4096, 8192, 500];

const count = (x) => x.toLocaleString('en-US');

export const QUESTIONS = Object.freeze([
  {
    id: 'projections', kind: 'choice', section: 's6-1', see: 'The question attention answers (queries, keys and values)',
    prompt: 'Why does attention make three projections of the input (queries, keys and values) instead of scoring the input against itself?',
    options: [
      { text: 'So that “should I read from you?” and “what do I get if I do?” are learned separately, and relevance can be one-sided.', right: true,
        why: 'Right. The query and key decide relevance; the value is what is handed over. Separate W^Q and W^K also let a pronoun look for a noun without the noun looking back: x·xᵀ would force every score table to be symmetric.' },
      { text: 'Because three smaller matrix products are cheaper to run than one product of the input with itself, which matters at long lengths.', right: false,
        why: 'Not that: three projections cost more than none. They are there because relevance and content are different questions.' },
      { text: 'To keep the scores small enough for the softmax: projecting to d_k dimensions shrinks every dot product before it is scaled.', right: false,
        why: 'Not that: keeping scores small is the job of the 1/√d_k scale. The projections separate what a token looks for, what it offers, and what it hands over.' },
      { text: 'Because a vector dotted with itself is always zero, so x·xᵀ would give every token no weight at all on its own position.', right: false,
        why: 'Not so: a vector dotted with itself is its squared length, never negative and often the largest score in its row. That is one reason scoring x against itself works badly.' },
    ],
  },
  {
    id: 'scaling', kind: 'choice', section: 's6-3', see: '§6.3 and its saturation panel',
    prompt: 'You delete the 1/√d_k scaling. What goes wrong, mechanically, in the gradient?',
    options: [
      { text: 'Raw scores grow like √d_k, softmax saturates, and its Jacobian p(1 − p) is nearly zero: almost no gradient reaches W^Q and W^K.', right: true,
        why: 'Right. With one weight near 1 and the rest near 0, every p(1 − p) is tiny, so the layer acts like a hard argmax that does not learn. The saturation panel measures how small p(1 − p) gets.' },
      { text: 'The scores overflow float32 in the exponential, every weight turns into NaN, and training stops with an error on its first step.', right: false,
        why: 'Not that: nothing crashes, which is what makes the bug dangerous. The row’s largest score is subtracted before the exponential, so nothing overflows; the softmax saturates and its gradient vanishes, and training carries on, slowly and badly.' },
      { text: 'Nothing: softmax is unchanged when all scores are multiplied by the same number, so the weights and their gradients stay the same.', right: false,
        why: 'Not so: softmax does not change when you add a constant to every score, but multiplying them sharpens it. Larger scores push the weights towards one-hot.' },
      { text: 'The rows of weights no longer sum to 1, so every output is rescaled and the gradient that reaches W^Q is rescaled with it.', right: false,
        why: 'Not that: softmax rows sum to 1 at any scale. That symptom belongs to masking after the softmax.' },
    ],
  },
  {
    id: 'variance', kind: 'number', section: 's6-3', see: '§6.3: the variance widget measures it at any d_k',
    numbers: (seed) => ({ dk: pickFor(seed, HEAD_WIDTHS), seed }),
    prompt: ({ dk }) => `Queries and keys have independent entries with mean 0 and variance 1, and d_k = ${dk}. What variance does a raw score q·k have (before dividing by √d_k)?`,
    unit: 'Variance',
    mark: markVariance,
  },
  {
    id: 'mask-order', kind: 'choice', section: 's6-4', see: '§6.4: the masks widget’s “mask after the softmax” comparison',
    prompt: 'Why must the causal mask be applied to the scores before the softmax, and not to the weights after it?',
    options: [
      { text: 'Masking after the softmax zeroes weights already normalised: the rows no longer sum to 1 and the output is silently rescaled.', right: true,
        why: 'Right. Before the softmax, −∞ scores get weight 0 and the allowed keys share all of it; after, the blocked keys’ share is thrown away. The masks widget shows the row sums fall below 1.' },
      { text: 'It makes no difference to the result, since a blocked weight is zero either way; before is only faster, with fewer exponentials.', right: false,
        why: 'Not so: the results differ. After the softmax, the weight the blocked keys held is lost, so the rows sum to less than 1.' },
      { text: 'Because softmax cannot handle −∞: the exponential of a blocked score would overflow, so the mask must wait for the weights.', right: false,
        why: 'Not that: softmax handles −∞ well, e^(−∞) = 0. The trouble is a row with no allowed key at all, which gives 0/0 = NaN.' },
      { text: 'So that the future tokens keep a small positive weight instead of zero, which keeps their gradients alive during training.', right: false,
        why: 'Not that: a causal mask must give future tokens exactly zero weight, and masking before the softmax does.' },
    ],
  },
  {
    id: 'low-loss', kind: 'choice', section: 'editor', see: 'Write your own attention: the causality check',
    prompt: 'After a change to your attention function, the training loss drops far below anything you have seen. Why should that make you suspicious?',
    options: [
      { text: 'The model may be reading the future: a broken causal mask lets position t see token t + 1, the very answer it is predicting.', right: true,
        why: 'Right. A leak of the future trains to a loss below the corpus floor, and the model has nothing to read when it generates. The editor’s causality check changes later tokens and watches whether earlier outputs move.' },
      { text: 'A lower loss always means a better model; a sudden drop only means the change let attention find the long links it was missing.', right: false,
        why: 'Not so: no honest model beats the floor of how the text was made. A loss below it means the model is being handed the answer.' },
      { text: 'The transpose in Q·Kᵀ was dropped: when T equals d_k the shapes still line up, and the wrong table fits the text better.', right: false,
        why: 'Not that: a missing transpose runs and is quietly wrong, but it scores queries against the wrong things, so the model trains worse, not better. Only reading the future beats the floor.' },
      { text: 'Softmax has saturated: one-hot weights copy one earlier token exactly, which makes the loss on the training text smaller.', right: false,
        why: 'Not that: saturation stalls learning; it does not give a loss that is too good.' },
    ],
  },
  {
    id: 'entries', kind: 'number', section: 's6-6', see: '§6.6: the cost widget prints the score table’s size',
    numbers: (seed) => ({ n: pickFor(seed, LENGTHS), dModel: 512, seed }),
    prompt: ({ n }) => `The quadratic cost comes from the score table. How many score entries does one attention head hold for a sequence of N = ${count(n)} tokens?`,
    unit: 'Entries',
    mark: markEntries,
  },
  {
    id: 'crossover', kind: 'number', section: 's6-6', see: '§6.6: the cost widget marks the crossover on its chart',
    numbers: (seed) => ({ dModel: pickFor(seed, WIDTHS), seed }),
    prompt: ({ dModel }) => `One multi-head attention layer costs 4·N·d_model² multiply-adds for its projections and 2·N²·d_model for its scores and weighted sum. At d_model = ${count(dModel)}, past which N does the quadratic term win?`,
    unit: 'N (tokens)',
    mark: markCrossover,
  },
  {
    id: 'heads', kind: 'choice', section: 's6-6', see: '§6.6: the heads widget, one head at a time and all four',
    prompt: 'What do h heads of width d_model/h buy that one head of width d_model does not?',
    options: [
      { text: 'Several different weightings per token at once: each head has its own softmax, so one follows the last word, another a noun.', right: true,
        why: 'Right. One head gives each token one set of weights, so different relations must blend into one average. Heads cannot interfere until W^O mixes them, and they cost about the same as one wide head.' },
      { text: 'Much less computation than one wide head, since each head’s score table is computed over d_model/h dimensions instead of d_model.', right: false,
        why: 'Not that: h heads of width d_model/h do about the same arithmetic as one head of width d_model. What they buy is several softmaxes.' },
      { text: 'A longer context: each head reads its own stretch of the sequence, so h heads together cover h times as many tokens as one.', right: false,
        why: 'Not so: every head reads the whole sequence. The heads split the features, not the tokens.' },
      { text: 'They remove the need for the output projection W^O, since the heads’ outputs are concatenated straight back into the residual stream.', right: false,
        why: 'Not that: W^O is what mixes the heads’ findings back together; without it they never interact.' },
    ],
  },
  {
    id: 'blend', kind: 'choice', section: 'lookup', see: 'Attention is a lookup that returns a blend: drag the query and the output stays inside the dashed hull',
    prompt: 'Attention’s weights are a softmax of the scores over the keys. What does that guarantee about the output, whatever the query?',
    options: [
      { text: 'It is a convex combination of the values: weights ≥ 0 that sum to 1 keep it inside their convex hull, never longer than the longest value.', right: true,
        why: 'Right. The output is a weighted average of the values, not a transformation of them. Sharpness 0 gives their plain mean (every weight 1/M), a large sharpness the one best-matching value, and anything between is a blend that never leaves the hull the lookup widget draws dashed. That is why attention is numerically tame.' },
      { text: 'It is the value of the key that best matches the query, as in a dictionary: the softmax finds the largest score and returns its value.', right: false,
        why: 'Not that: that is a dictionary, a hard lookup. Every key gets a weight and the output blends all the values; only when one score stands far above the rest does its value take nearly everything.' },
      { text: 'It can land anywhere, even far outside the values, because the weights are learned parameters free to take any sign and size.', right: false,
        why: 'Not so: the weights are not free parameters but a softmax of the scores, so each is at least 0 and they sum to 1. A blend with such weights cannot leave the values’ convex hull.' },
      { text: 'It grows longer with the number of keys, since every value adds its own share to the sum and more keys mean more shares.', right: false,
        why: 'Not that: the shares sum to 1, so more keys split the same total weight. The output is never longer than the longest value, however many keys there are.' },
    ],
  },
  {
    id: 'cross', kind: 'choice', section: 'roles', see: 'Where Q, K and V come from: the cross-attention widget, in its cross, self and cache modes',
    prompt: 'A sequence-to-sequence RNN hands its decoder one fixed-size vector, the encoder’s final state. Attention, added to it, was cross-attention. Where do its queries, keys and values come from, and what does that fix?',
    options: [
      { text: 'Queries from the decoder’s current step; keys and values from every encoder state, all kept, so the decoder reads the part of the source it needs.', right: true,
        why: 'Right. One 512-number summary has to carry every word of a forty-word source, its order and its structure; keeping every encoder state removes that bottleneck, and the alignment of target to source positions is learned, not engineered. Self-attention, all three from one sequence, came years later.' },
      { text: 'All three from the source sentence: the encoder attends to itself, and its richer final state is what the decoder is then handed.', right: false,
        why: 'Not that: that is self-attention, all three from the same sequence, the later step. The decoder still has to read the source, and in cross-attention it is the decoder that asks.' },
      { text: 'Queries from the encoder, keys and values from the decoder: each source word asks which target words it should be translated into.', right: false,
        why: 'Not so: that is the wrong way round. A query asks “what am I looking for right now?”, and the one asking is the decoder step being written; what it compares with (keys) and takes from (values) is the source.' },
      { text: 'From the encoder’s final state, made wide enough to hold the whole sentence, so that nothing of a long source has to be dropped.', right: false,
        why: 'Not that: a wider summary is still one fixed-size vector, and longer sources still overflow it; the bottleneck widget shows a wider summary only holds on for longer. Attention keeps every encoder state instead.' },
    ],
  },
  {
    id: 'kv-cache', kind: 'number', section: 'decode', see: 'Decoding with a KV cache: the widget counts the cache’s bytes and each step’s work',
    numbers: (seed) => ({ layers: pickFor(seed, CACHE_LAYERS), dModel: pickFor(seed, WIDTHS), t: pickFor(seed, CACHE_TOKENS), seed }),
    prompt: ({ layers, dModel, t }) => `A decoder of ${layers} layers with d_model = ${count(dModel)} generates with a KV cache of float32 numbers (4 bytes each). How many bytes does the cache hold once the sequence is ${count(t)} tokens long?`,
    unit: 'Bytes',
    mark: markCacheBytes,
  },
  {
    id: 'maps', kind: 'choice', section: 'lab', see: 'Train a model, read its attention: each head’s map, its measured role and its knock-out',
    prompt: 'In the training lab, one head’s row for the last character puts 0.9 of its weight on the character just before it. What does that row tell you?',
    options: [
      { text: 'Which value vectors this head mixed in at this step: mostly the previous character’s. Not what caused the prediction.', right: true,
        why: 'Right. A row is one routing step among many layers and heads, with the residual stream and the MLP between it and the output. A previous-character head is a genuine finding, more so when it holds over many texts (the lab measures that); what a head does to the prediction takes an experiment, such as the lab’s knock-out.' },
      { text: 'That the previous character is the reason for the model’s next prediction, since 0.9 of this head’s attention rests on it.', right: false,
        why: 'Not that: the row shows what was mixed, not what caused the output. Other heads and layers, the residual stream and the MLP all act after it; to learn what a head does to the prediction, knock it out and watch the loss.' },
      { text: 'Nothing: attention maps are noise, and a row of weights cannot be read until every other head and layer is known as well.', right: false,
        why: 'Not so: a row is a real distribution over the positions, and a pattern that holds across texts, such as a previous-character head or a position every token rests on, is a genuine finding. A map is only over-read when it is taken as the explanation of the output.' },
      { text: 'That the head lost a tenth of the information at this position, keeping only 0.9 of what the earlier characters held.', right: false,
        why: 'Not that: the row sums to 1, and the other 0.1 is spread over the other positions; nothing is lost. A peaked row found one clear position; a flat one hands back an average.' },
    ],
  },
]);

export const QUESTION_IDS = Object.freeze(QUESTIONS.map((question) => question.id));
