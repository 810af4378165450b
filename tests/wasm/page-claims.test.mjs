// page-claims.test.mjs — sentences of the lab page (web/index.html) that state a fact about the
// core, read from the page's own text and held to what the core computes, so that the prose
// cannot drift from the numbers the widgets show.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasmAttn } from './helpers.mjs';

const attn = await loadWasmAttn();
const PAGE = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');

/** The text of the glossary definition that follows the term with id `id`, tags removed. */
function glossaryEntry(id) {
  const match = new RegExp(`<dt id="${id}"[^>]*>[\\s\\S]*?</dt>\\s*<dd>([\\s\\S]*?)</dd>`).exec(PAGE);
  assert.ok(match, `the glossary has an entry ${id}`);
  return match[1].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
}

test('the glossary’s sliding window says what the core’s window mask does: w keys, the query itself and the w − 1 before it', () => {
  const entry = glossaryEntry('g-sliding-window');
  assert.match(entry, /each token sees w keys, itself and the w − 1 before it/);
  assert.doesNotMatch(entry, /more than w places back/);
  for (const [n, w] of [[5, 2], [8, 3], [6, 1], [4, 6]]) {
    const mask = attn.mask({ kind: 'window', n, window: w });
    for (let query = 0; query < n; query++) {
      const seen = [];
      for (let key = 0; key < n; key++) if (mask[query * n + key] === 0) seen.push(key);
      const expected = [];
      for (let key = Math.max(0, query - w + 1); key <= query; key++) expected.push(key);
      assert.deepEqual(seen, expected, `n = ${n}, w = ${w}, query ${query}`);
    }
  }
});

test('§6.3’s typical score sizes, ±8 at d_k = 64 and ±11.3 at 128, are √d_k and the core’s measured spread', async () => {
  const { typicalSize } = await import('../../web/widgets/variance/variance-ratio.js');
  const section = /<section id="s6-3"[\s\S]*?<\/section>/.exec(PAGE)[0];
  const sizes = /<span class="typical-sizes">([\s\S]*?)<\/span>/.exec(section)[1].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
  assert.equal(sizes, `about ${typicalSize(64)} at dk = 64 and ${typicalSize(128)} at dk = 128`);
  assert.doesNotMatch(section, /about ±11[^.]/);
  for (const [dk, shown] of [[64, 8], [128, 11.3]]) {
    const { variance } = attn.scoreStats({ dk, draws: 100_000, seed: 7, bins: 1 });
    // 100,000 draws give the standard deviation to within about 0.5 %: 3 % is far outside chance.
    assert.ok(Math.abs(Math.sqrt(variance) - shown) / shown < 0.03, `d_k = ${dk}: measured ${Math.sqrt(variance)}`);
  }
});

test('the letter M is said once where it first appears: the number of keys, and (in 6.2) the mask, an N × M table', () => {
  const text = PAGE.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
  const first = text.search(/\bln M\b/);
  assert.ok(first > 0, 'the page uses ln M');
  assert.match(text.slice(first, first + 120), /where M is the number of keys/);
  const mask = text.indexOf('The mask M adds 0');
  assert.ok(mask > first, 'the mask M comes after M as the number of keys');
  assert.match(text.slice(mask, mask + 260), /uses M for both the mask and, as in N × M, the number of keys/);
});

test('what stays built in says so: the cross-attention prose calls its alignment built in and links to the trained one', () => {
  const text = PAGE.replace(/\s+/g, ' ');
  assert.match(text, /alignment here is <strong>built in<\/strong>, not learned/);
  assert.match(text, /emerges from training, see <a href="#translation">the trained translation experiment<\/a>/);
  assert.match(text, /<attn-translation id="translation">/);
});
