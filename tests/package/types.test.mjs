// types.test.mjs — the TypeScript declarations (types/api.d.ts by hand, dist/types/ generated
// from the manifest) describe the whole JS API: `tsc --noEmit` accepts an example that calls
// every function and uses the elements' properties and events (types/example/use-every-function.ts)
// and refuses every mistake of types/example/mistakes.ts; every function of the API object
// loadAttn() gives is declared in the Attn interface and called by the example. A function added
// to the API without its declaration, or left out of the example, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { loadWasmAttn } from '../wasm/helpers.mjs';
import { root } from './packed.mjs';
import { memberLine } from '../../scripts/element-types.mjs';

const example = readFileSync(join(root, 'types/example/use-every-function.ts'), 'utf8');

/** The members of `interface Attn` in types/api.d.ts, read with TypeScript's own parser. */
function declaredMembers() {
  const file = ts.createSourceFile('api.d.ts', readFileSync(join(root, 'types/api.d.ts'), 'utf8'), ts.ScriptTarget.ES2022, true);
  const names = new Set();
  ts.forEachChild(file, (node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Attn') for (const member of node.members) names.add(member.name.getText(file));
  });
  return names;
}

test('tsc --noEmit accepts the example that uses every function, and refuses every mistake', () => {
  let output = '';
  try {
    output = execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'types/example/tsconfig.json')], { encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc found errors:\n${error.stdout}${error.stderr}`);
  }
  assert.equal(output.trim(), '');
  const mistakes = readFileSync(join(root, 'types/example/mistakes.ts'), 'utf8').match(/@ts-expect-error/g) ?? [];
  assert.ok(mistakes.length >= 10, `mistakes.ts holds ${mistakes.length} mistakes`);
});

test('every function of the API is declared in the Attn interface and called by the example', async () => {
  const attn = await loadWasmAttn();
  const functions = Object.keys(attn).filter((name) => typeof attn[name] === 'function');
  assert.ok(functions.length > 20, `the API has ${functions.length} functions`);
  const declared = declaredMembers();
  for (const name of [...functions, 'core', 'threads']) assert.ok(declared.has(name), `types/api.d.ts declares Attn.${name}`);
  for (const name of declared) assert.ok(name in attn, `Attn.${name} is in the API (types/api.d.ts declares nothing that is not)`);
  for (const name of functions) assert.match(example, new RegExp(`attn\\.${name}\\(`), `the example calls attn.${name}`);
});

test('the generated declarations name every element of the manifest, typed by its declarations', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/custom-elements.json'), 'utf8'));
  const types = readFileSync(join(root, 'dist/types/attention-lab.d.ts'), 'utf8');
  for (const element of manifest.modules[0].declarations) {
    assert.match(types, new RegExp(`'${element.tagName}': ${element.name};`), `${element.tagName} in HTMLElementTagNameMap`);
    for (const member of element.members) {
      assert.ok(types.includes(`  ${memberLine(member)};`), `${element.name}.${memberLine(member)}`);
    }
    for (const event of element.events) assert.ok(types.includes(`  '${event.name}': ${event.type.text};`), `${element.name}'s ${event.name} event`);
  }
});
