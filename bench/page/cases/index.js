// cases/index.js — every benchmark case the bench page runs, in order. A case module exports
// `name` and `async run({ attn, report, progress })`, calling `report(row(...))` per figure.
import * as machinePeak from './machine-peak.js';
import * as referenceAttention from './reference-attention.js';
import * as scoreStats from './score-stats.js';
import * as fastMatmul from './fast-matmul.js';
import * as fastAttention from './fast-attention.js';
import * as kvCache from './kv-cache.js';
import * as modelSample from './model-sample.js';
import * as trainThroughput from './train-throughput.js';
import * as headStats from './head-stats.js';
import * as train2000Steps from './train-2000-steps.js';
import * as translationTrain from './translation-train.js';

export const CASES = [
  machinePeak,
  referenceAttention,
  scoreStats,
  fastMatmul,
  fastAttention,
  kvCache,
  modelSample,
  trainThroughput,
  headStats, // what measuring every head costs
  train2000Steps, // opt-in: `npm run bench -- --long`
  translationTrain, // opt-in too: <attn-translation>'s Train with its defaults
];
