// check-report.js — how <attn-editor> shows what "Check against reference" measured (check.js,
// in the learner's worker): the verdict, the first failing thing (a shape, an output, a
// gradient), the diagnosis and a table of cases. Loaded with the code editor, on demand.
// Text only (learner-derived strings are set as text, never as markup).

import { h } from '../../ui/dom.js';
import { sig } from '../../ui/format.js';
import { errorNode } from './editor-report.js';

/** A disagreement: 0, 0.49, 1.1, or 1.7e−5 below 0.01. */
const diffText = (d) => {
  if (d === Infinity) return '—';
  if (d === 0) return '0';
  return d >= 0.01 ? String(Number(d.toPrecision(2))) : d.toExponential(1).replace('-', '−');
};

/** What each kind of first failure is called (check.js, first-failure.js). */
const FIRST_KINDS = { error: 'an error', shape: 'a shape', output: 'an output', gradient: 'a gradient' };

/** The check's report as nodes. */
export function renderCheck(report, onLine) {
  const { worst, failed, cases } = report;
  const largest = worst && `the largest disagreement is ${worst.diff === Infinity ? 'unbounded (NaN or infinity)' : diffText(worst.diff)}, in ${worst.where}, in the case ${worst.label}`;
  const verdict = report.pass
    ? `Pass: your function agrees with the reference in every case, outputs and gradients (largest disagreement ${diffText(worst.diff)}, tolerance ${diffText(report.tolerance)}).`
    : `Fail (tolerance ${diffText(report.tolerance)}): ${[
      failed ? `${failed} of ${cases.length} cases stopped with an error` : null,
      largest ? `${failed ? 'where it ran, ' : ''}${largest}` : null,
    ].filter(Boolean).join('; ')}.`;
  const rows = report.cases.map((c) => h('tr', {},
    h('td', { 'data-label': 'case' }, c.label),
    h('td', { 'data-label': 'result' }, c.pass ? 'pass' : 'fail'),
    h('td', { className: 'num', 'data-label': 'largest difference' }, diffText(c.diff)),
    h('td', { 'data-label': 'where' }, c.error ? errorNode(c.error, onLine) : `${c.where}${c.pass ? '' : ` (yours ${sig(c.mine)}, reference ${sig(c.ref)})`}`)));
  const table = h('table', { className: 'cases' },
    h('caption', { className: 'visually-hidden' }, 'Each case of the check'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'case (all causal)'), h('th', { scope: 'col' }, 'result'), h('th', { scope: 'col' }, 'largest |yours − reference|'), h('th', { scope: 'col' }, 'where'))),
    h('tbody', {}, rows));
  const diagnosis = report.diagnosis
    ? h('div', { className: 'diagnosis' }, h('p', {}, h('strong', {}, `Diagnosis: ${report.diagnosis.name}.`), ' ', report.diagnosis.text))
    : null;
  const first = report.first
    ? h('p', { className: 'first-failure' }, h('strong', {}, `First failing: ${FIRST_KINDS[report.first.kind]}.`), ' ', errorNode({ message: report.first.text, line: report.first.line }, onLine))
    : null;
  return [h('p', { className: `verdict ${report.pass ? 'pass' : 'fail'}` }, verdict), first, diagnosis, h('div', { className: 'results' }, table)];
}
