// types.test.mjs — the TypeScript declarations (types/api.d.ts by hand, dist/types/ generated
// from the manifest) describe the whole JS API: `tsc --noEmit` accepts an example that calls
// every function and uses the elements' properties and events (types/example/use-every-function.ts)
// and refuses every mistake of types/example/mistakes.ts; every function of the API object
// loadAttn() gives is declared in the Attn interface and called by the example. A function added
// to the API without its declaration, or left out of the example, fails here. Every element's
// property takes what the element reference says a property takes (its value, the attribute's text, null or
// undefined) and reads as its value; every method an element declares is in its class and called
// by the example.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { loadWasmAttn } from '../wasm/helpers.mjs';
import { root } from './packed.mjs';
import { memberLines } from '../../scripts/element-types.mjs';

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

const manifest = JSON.parse(readFileSync(join(root, 'dist/custom-elements.json'), 'utf8'));
const elements = manifest.modules[0].declarations;

/** Runs tsc on a tsconfig; fails the test with what it found. */
function typeCheck(tsconfig) {
  let output = '';
  try {
    output = execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], { encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc found errors:\n${error.stdout}${error.stderr}`);
  }
  assert.equal(output.trim(), '');
}

test('tsc --noEmit accepts the example that uses every function, and refuses every mistake', () => {
  typeCheck(join(root, 'types/example/tsconfig.json'));
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
  const types = readFileSync(join(root, 'dist/types/attention-lab.d.ts'), 'utf8');
  for (const element of elements) {
    assert.match(types, new RegExp(`'${element.tagName}': ${element.name};`), `${element.tagName} in HTMLElementTagNameMap`);
    for (const member of element.members) {
      for (const line of memberLines(member)) assert.ok(types.includes(`  ${line};`), `${element.name}.${line}`);
    }
    for (const event of element.events) assert.ok(types.includes(`  '${event.name}': ${event.type.text};`), `${element.name}'s ${event.name} event`);
  }
});

test('every attribute’s property takes its value, the attribute’s text, null and undefined, and reads as its value', () => {
  // The element reference (docs/elements/README.md): "a property takes its value or the attribute's text … null or undefined removes
  // the attribute". One assignment of each per property of every element, type-checked. (A
  // present-or-absent attribute has no text of its own: its property takes true or false.)
  const lines = [];
  for (const element of elements) {
    lines.push(`{ const el = document.createElement('${element.tagName}');`);
    for (const attribute of element.attributes) {
      const property = attribute.fieldName;
      const member = element.members.find((m) => m.name === property);
      lines.push(`  { const value: ${member.type.text} = el.${property}; el.${property} = value; }`);
      if (attribute.type.text !== 'boolean') lines.push(`  el.${property} = ${attribute.default};`);
      lines.push(`  el.${property} = null;`, `  el.${property} = undefined;`);
    }
    lines.push('}');
  }
  const folder = mkdtempSync(join(tmpdir(), 'attn-types-'));
  try {
    writeFileSync(join(folder, 'properties.ts'), `import 'attention-lab';\n${lines.join('\n')}\nexport {};\n`);
    const example = JSON.parse(readFileSync(join(root, 'types/example/tsconfig.json'), 'utf8'));
    const options = { ...example.compilerOptions, paths: { 'attention-lab': [join(root, 'dist/types/attention-lab.d.ts')] } };
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['properties.ts'] }));
    typeCheck(join(folder, 'tsconfig.json'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('every method an element declares is in the types and called by the example', () => {
  const methods = elements.flatMap((element) => element.members.filter((m) => m.kind === 'method').map((m) => [element, m]));
  assert.ok(methods.some(([element, m]) => element.tagName === 'attn-train' && m.name === 'startTraining'), '<attn-train> declares startTraining');
  for (const [element, m] of methods) {
    assert.match(example, new RegExp(`\\.${m.name}\\(`), `the example calls <${element.tagName}>.${m.name}()`);
  }
});
