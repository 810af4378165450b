// history-words.test.mjs — no tracked file outside CHANGELOG.md names the project's history: a
// numbered stop or issue, or one of the chapter's source files by its seed number. A file names
// the concept or the chapter's section instead; history belongs in git and CHANGELOG.md. Every
// tracked text file is read (binary files, those holding a NUL byte, are skipped), and so is every
// tracked path; a hit is named with its file and line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The one file that may name the history. */
const ALLOWED = new Set(['CHANGELOG.md']);

/** A numbered stop or issue, or a seed file by its number (with a space, an underscore, a dash
 *  or nothing between); a random seed given as a number ("seed 4", "seed: 1") is not one. The
 *  first test below spells out each kind. */
const HISTORY = /\b(?:stops?\s+#?\d+|issues?\s+#?\d+|seeds?[\s_-]?00\d)/i;

/** "file:line: the line" for every line of `source` that names the history. */
export function historyWords(file, source) {
  const found = [];
  source.split('\n').forEach((line, i) => {
    if (HISTORY.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
  });
  return found;
}

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);

test('the finder flags each kind of history word and leaves random seeds alone', () => {
  const said = (words) => historyWords('example.js', `// ${words}`).length;
  for (const words of ['Since ' + 'stop' + ' 39', 'the ' + 'Issue' + ' 22 targets', 'see ' + 'issues' + ' 15',
    '(' + 'seed' + ' 004)', 'reference-' + 'seed' + '004', 'seed' + '_001']) {
    assert.equal(said(words), 1, words);
  }
  for (const words of ['seed 4', 'seed: 1', 'the stop button', 'an issue with 3 rows', 'seeds 10']) {
    assert.equal(said(words), 0, words);
  }
  assert.deepEqual(historyWords('a.js', 'one\ntwo ' + 'stop' + ' 7\n'), ['a.js:2: two ' + 'stop' + ' 7']);
});

test('git lists the tracked files (this check reads them all)', () => {
  assert.ok(tracked.includes('c/include/attn.h'), 'git ls-files did not list c/include/attn.h');
  assert.ok(tracked.length > 100, `only ${tracked.length} tracked files`);
});

test('no tracked path outside CHANGELOG.md names a stop, an issue or a seed file', () => {
  assert.deepEqual(tracked.filter((path) => HISTORY.test(path)), []);
});

test('no tracked file outside CHANGELOG.md names a stop, an issue or a seed file', () => {
  const found = [];
  for (const file of tracked) {
    if (ALLOWED.has(file)) continue;
    let bytes;
    try {
      bytes = readFileSync(`${root}${file}`);
    } catch {
      continue; // tracked but deleted in the work tree: git's own diff shows it
    }
    if (bytes.includes(0)) continue; // binary
    found.push(...historyWords(file, bytes.toString('utf8')));
  }
  assert.deepEqual(found, [], `name the concept or the chapter's section instead:\n${found.join('\n')}`);
});
