// abi.test.mjs — web/lib/abi.js (the JS face's copy of the core's enums, struct layouts and
// limits) agrees with the compiled core, entry by entry. The core reports each constant as it
// was compiled through its ABI table (attn_abi_count / attn_abi_entry, c/src/abi.c); every
// value in abi.js must equal its C entry, and every C entry must have its JS value. Change an
// enum value, a struct field or a limit on either side and this test names it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as abi from '../../web/lib/abi.js';
import { Status } from '../../web/lib/errors.js';
import { Out } from '../../web/lib/out.js';
import { loadTestAttn } from './helpers.mjs';

const attn = await loadTestAttn();

/** The core's table: Map from C name to value. */
function coreTable(core) {
  const { count } = core.call('abi', 'attn_abi_count', Out.i32('count'));
  const table = new Map();
  for (let index = 0; index < count; index++) {
    core.run((scope) => {
      const { name, value } = scope.call('abi', 'attn_abi_entry', Out.ptr('name'), Out.f64('value'), index);
      table.set(scope.readCString(name), value);
    });
  }
  return table;
}

const upperSnake = (key) => key.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase(); // dModel → D_MODEL
const lowerSnake = (key) => upperSnake(key).toLowerCase();                           // scoreEntries → score_entries
const layout = (struct) => (key) => (key === 'bytes' ? `sizeof(struct ${struct})` : `offsetof(struct ${struct}, ${lowerSnake(key)})`);

/** Each group of abi.js, and how the C side spells each of its keys. */
const GROUPS = {
  CoreStatus: (key) => (key === 'OK' ? 'ATTN_OK' : `ATTN_ERR_${key}`),
  MaskKind: (key) => `ATTN_MASK_${upperSnake(key)}`,
  PositionKind: (key) => `ATTN_POSITIONS_${upperSnake(key)}`,
  StepsLayout: layout('attn_steps'),
  CostLayout: layout('attn_cost'),
  RecurrenceCell: (key) => `ATTN_CELL_${upperSnake(key)}`,
  CostVariantsLayout: layout('attn_cost_variants'),
  DecodeCostLayout: layout('attn_decode_cost'),
  ModelInfo: (key) => `ATTN_MODEL_INFO_${upperSnake(key)}`,
  ExperimentLimits: (key) => `ATTN_MAX_${upperSnake(key)}`,
  ModelLimits: (key) => `ATTN_MODEL_MAX_${upperSnake(key)}`,
  LookupLimits: (key) => `ATTN_LOOKUP_MAX_${upperSnake(key)}`,
  LookupChecks: (key) => `ATTN_LOOKUP_${upperSnake(key)}`,
  LookupStatsLayout: layout('attn_lookup_stats'),
  BottleneckTask: (key) => `ATTN_BOTTLENECK_${upperSnake(key)}`,
  BottleneckLimits: (key) => `ATTN_BOTTLENECK_MAX_${upperSnake(key)}`,
  HeadScore: (key) => (key === 'count' ? 'ATTN_HEAD_SCORE_COUNT' : `ATTN_HEAD_${upperSnake(key)}`),
  HeadLimits: (key) => `ATTN_HEAD_${upperSnake(key)}`,
  PatchOver: (key) => `ATTN_PATCH_${upperSnake(key)}`,
  TranslationTask: (key) => `ATTN_TRANSLATION_${upperSnake(key)}`,
  Seq2seqKind: (key) => `ATTN_SEQ2SEQ_${upperSnake(key)}`,
  Seq2seqLimits: (key) => `ATTN_SEQ2SEQ_${upperSnake(key)}`,
  Seq2seqInfo: (key) => `ATTN_SEQ2SEQ_INFO_${upperSnake(key)}`,
};
/** The single values of abi.js, by the C name of each. */
const SINGLES = {
  MAX_ELEMENTS: 'ATTN__MAX_ELEMENTS',
  TAPE_MAX_DIMS: 'ATTN_TAPE_MAX_DIMS',
  MAX_SCORE_MULTIPLIER: 'ATTN_MAX_SCORE_MULTIPLIER',
  MULTIHEAD_WORK_PER_ENTRY: 'ATTN_MULTIHEAD_WORK(1, 1)',
  LOOKUP_TOLERANCE: 'ATTN_LOOKUP_TOLERANCE',
  HULL_MAX_POINTS: 'ATTN_HULL_MAX_POINTS',
  HULL_TOLERANCE: 'ATTN_HULL_TOLERANCE',
};

/** [JS name, JS value, C name] for every value `mirror` (a module like abi.js) holds. */
function mirrorEntries(mirror) {
  const entries = [];
  for (const [name, value] of Object.entries(mirror)) {
    if (GROUPS[name]) {
      for (const [key, v] of Object.entries(value)) entries.push([`${name}.${key}`, v, GROUPS[name](key)]);
    } else if (SINGLES[name]) {
      entries.push([name, value, SINGLES[name]]);
    } else {
      entries.push([name, value, null]); // the test does not know how C spells it
    }
  }
  // ATTN_STATUS_COUNT is not a status: it is how many there are.
  entries.push(['the number of CoreStatus codes', Object.keys(mirror.CoreStatus ?? {}).length, 'ATTN_STATUS_COUNT']);
  return entries;
}

/** Every disagreement between a mirror and the core's table, as a sentence. */
export function disagreements(mirror, table) {
  const problems = [];
  const mirrored = new Set();
  for (const [jsName, value, cName] of mirrorEntries(mirror)) {
    if (cName === null) problems.push(`${jsName} in web/lib/abi.js has no rule for its C name in this test`);
    else if (!table.has(cName)) problems.push(`${jsName} in web/lib/abi.js mirrors ${cName}, which the core's table does not list`);
    else if (table.get(cName) !== value) problems.push(`${jsName} is ${value} in web/lib/abi.js, but ${cName} is ${table.get(cName)} in the core`);
    mirrored.add(cName);
  }
  for (const cName of table.keys()) {
    if (!mirrored.has(cName)) problems.push(`${cName} (${table.get(cName)}) is in the core's table, but web/lib/abi.js does not mirror it`);
  }
  return problems;
}

test('every constant in web/lib/abi.js equals the core\'s, and the core has no constant abi.js lacks', () => {
  const table = coreTable(attn.core);
  assert.ok(table.size > 40, `expected the core's ABI table, found ${table.size} entries`);
  assert.deepEqual(disagreements(abi, table), []);
});

test('Status carries the core\'s codes, and the codes only JS raises lie outside the core\'s range', () => {
  const table = coreTable(attn.core);
  for (const [name, code] of Object.entries(abi.CoreStatus)) assert.equal(Status[name], code, name);
  for (const [name, code] of Object.entries(Status)) {
    if (Object.hasOwn(abi.CoreStatus, name)) continue;
    assert.ok(code >= table.get('ATTN_STATUS_COUNT'), `${name} = ${code} would collide with a code of the core`);
  }
});

test('the check fails when a value changes on either side, naming it', () => {
  const table = coreTable(attn.core);
  const jsChanged = { ...abi, MaskKind: { ...abi.MaskKind, causal: 3 } };
  assert.deepEqual(disagreements(jsChanged, table), ['MaskKind.causal is 3 in web/lib/abi.js, but ATTN_MASK_CAUSAL is 1 in the core']);
  const cChanged = new Map(table).set('offsetof(struct attn_cost, total)', 56);
  assert.deepEqual(disagreements(abi, cChanged), ['CostLayout.total is 48 in web/lib/abi.js, but offsetof(struct attn_cost, total) is 56 in the core']);
  const cGrew = new Map(table).set('ATTN_MASK_DIAGONAL', 3);
  assert.deepEqual(disagreements(abi, cGrew), ['ATTN_MASK_DIAGONAL (3) is in the core\'s table, but web/lib/abi.js does not mirror it']);
  const jsGrew = { ...abi, NEW_LIMIT: 7 };
  assert.deepEqual(disagreements(jsGrew, table), ['NEW_LIMIT in web/lib/abi.js has no rule for its C name in this test']);
});

test('the table refuses an index out of range', () => {
  const { count } = attn.core.call('abi', 'attn_abi_count', Out.i32('count'));
  for (const index of [-1, count, 2 ** 31 - 1]) {
    assert.throws(() => attn.core.call('abi', 'attn_abi_entry', Out.ptr('name'), Out.f64('value'), index), (e) => e.code === Status.ARGUMENT);
  }
});
