// figure-files.test.mjs — the names a figure's downloads are saved under (web/ui/figure-files.js
// fileName): the widget's tag without "attn-", then the figure's title as lower-case words joined
// by hyphens; an apostrophe joins its word instead of splitting it ("Every head’s scores" is
// saved as train-every-heads-scores.csv, not train-every-head-s-scores.csv).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileName } from '../../web/ui/figure-files.js';

/** An element in the shadow root of a widget `tag`, as far as fileName looks at it. */
const inWidget = (tag) => ({ getRootNode: () => ({ host: { localName: tag } }) });

test('a figure is saved under its widget and its title, in words joined by hyphens', () => {
  assert.equal(fileName(inWidget('attn-variance'), 'Raw scores q·k, d_k = 64', 'svg'), 'variance-raw-scores-q-k-d-k-64.svg');
  assert.equal(fileName({ getRootNode: () => ({}) }, 'Loss', 'png'), 'attention-lab-loss.png');
  assert.equal(fileName(inWidget('attn-cost'), '…', 'csv'), 'cost-figure.csv');
});

test('an apostrophe, typed or typographic, joins its word', () => {
  assert.equal(fileName(inWidget('attn-train'), 'Every head’s scores', 'csv'), 'train-every-heads-scores.csv');
  assert.equal(fileName(inWidget('attn-train'), "The model's loss", 'csv'), 'train-the-models-loss.csv');
  // A quote that is not inside a word still separates.
  assert.equal(fileName(inWidget('attn-cross'), '‘noir’ → black', 'svg'), 'cross-noir-black.svg');
});
