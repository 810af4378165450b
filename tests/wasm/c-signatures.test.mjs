// c-signatures.test.mjs — a public C function's definition says what its declaration in
// c/include/attn.h says: the same return type and parameter types, in order; and where the
// definition carries comments on its parameters (shapes, what may be NULL), they are the
// header's, word for word, so the two cannot drift apart. (Parameter names may be shorter in a
// definition, e.g. `t` for the tape.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The public functions `text` declares (followed by ';') or defines (followed by '{'):
 * name → { returns, types: [each parameter's type], comments: [every comment in the parameter
 * list, in order] }. A signature starts at the start of a line.
 */
export function signatures(text, ending) {
  const found = new Map();
  for (const match of text.matchAll(/^([A-Za-z_][\w *]*?)\b(attn_\w+)\(/gm)) {
    let depth = 1, i = match.index + match[0].length;
    for (; depth > 0; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    if (text.slice(i).trimStart()[0] !== ending) continue;
    const inner = text.slice(match.index + match[0].length, i - 1);
    const comments = [...inner.matchAll(/\/\*([\s\S]*?)\*\//g)].map((c) => c[1].replace(/\s+/g, ' ').trim());
    const types = inner.replace(/\/\*[\s\S]*?\*\//g, ' ').split(',')
      .map((param) => param.replace(/\s+/g, ' ').trim().replace(/\b\w+$/, '').replace(/\s*\*\s*/g, ' *').trim());
    found.set(match[2], { returns: match[1].replace(/\s+/g, ' ').trim(), types, comments });
  }
  return found;
}

/** Differences between a declaration and a definition, as sentences (none: they agree). */
export function drift(name, declared, defined) {
  const problems = [];
  if (declared.returns !== defined.returns) problems.push(`${name} returns ${declared.returns} in attn.h, ${defined.returns} where defined`);
  if (declared.types.join(', ') !== defined.types.join(', ')) {
    problems.push(`${name} takes (${declared.types.join(', ')}) in attn.h, (${defined.types.join(', ')}) where defined`);
  }
  if (defined.comments.length && declared.comments.join(' | ') !== defined.comments.join(' | ')) {
    problems.push(`${name}: its parameters' comments are [${defined.comments.join(' | ')}] where defined, [${declared.comments.join(' | ')}] in attn.h`);
  }
  return problems;
}

const header = signatures(readFileSync(`${root}c/include/attn.h`, 'utf8'), ';');
const definitions = new Map(readdirSync(`${root}c/src`).filter((f) => f.endsWith('.c'))
  .flatMap((f) => [...signatures(readFileSync(`${root}c/src/${f}`, 'utf8'), '{')]));

test('every function attn.h declares is defined with the same signature and comments', () => {
  assert.ok(header.size > 80, `expected the header's functions, found ${header.size}`);
  const problems = [...header].flatMap(([name, declared]) =>
    definitions.has(name) ? drift(name, declared, definitions.get(name)) : [`${name} is declared but not defined`]);
  assert.deepEqual(problems, []);
});

test('the check notices a drifted comment, type or return type, and allows a shorter name', () => {
  const h = signatures('int attn_f(float *out, /* (N, M) */\n           const float *x /* (N) */);\n', ';');
  const same = signatures('int attn_f(float *o, /* (N, M) */\n           const float *x /* (N) */) {\n', '{');
  const bare = signatures('int attn_f(float *o, const float *x) {\n', '{');
  const comment = signatures('int attn_f(float *out, /* (N, M) or NULL */\n           const float *x /* (N) */) {\n', '{');
  const type = signatures('int attn_f(float *out, float *x) {\n', '{');
  const ret = signatures('void attn_f(float *out, const float *x) {\n', '{');
  assert.deepEqual(drift('attn_f', h.get('attn_f'), same.get('attn_f')), []);
  assert.deepEqual(drift('attn_f', h.get('attn_f'), bare.get('attn_f')), []);
  assert.equal(drift('attn_f', h.get('attn_f'), comment.get('attn_f')).length, 1);
  assert.equal(drift('attn_f', h.get('attn_f'), type.get('attn_f')).length, 1);
  assert.equal(drift('attn_f', h.get('attn_f'), ret.get('attn_f')).length, 1);
});
