// bench-page.js — runs every case in ./cases/ in this page, one after another, and exposes the
// rows on `window.bench` for bench/run.mjs (headless Chromium) to collect. Opened by hand, it
// prints the same table on the page. `?only=name1,name2` runs only those cases. Cases marked
// `long` (minutes each) run only when named there or with `?long=1` (npm run bench -- --long).

import { loadAttn } from '../../web/lib/attn.js';
import { CASES } from './cases/index.js';
import { h } from '../../web/ui/dom.js';

const state = { rows: [], done: false, error: null, log: [] };
window.bench = state;

const table = h('tbody');
const status = h('p', { role: 'status' }, 'Starting…');
document.body.append(
  h('h1', {}, 'Attention Lab benchmark'),
  status,
  h('table', {}, h('thead', {}, h('tr', {}, ['case', 'ours', 'peer', 'peer name', 'ours vs peer', 'unit', 'of peak'].map((t) => h('th', {}, t)))), table));

function report(entry) {
  state.rows.push(entry);
  const ratio = entry.ratio == null ? (entry.status ?? '') : `${fmt(entry.ratio)}×`;
  table.append(h('tr', {}, [entry.name, fmt(entry.ours), fmt(entry.peer), entry.peerName, ratio, entry.unit, percent(entry.ofPeak)].map((t) => h('td', {}, t))));
}

function progress(message) {
  state.log.push(message);
  status.textContent = message;
}

/** A fraction of the machine's peak as a percentage (bench/page/peak.js), or '' when none. */
function percent(x) {
  return typeof x === 'number' ? `${(100 * x).toFixed(0)}%` : '';
}

function fmt(x) {
  return typeof x === 'number' ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3)) : String(x ?? '');
}

async function main() {
  const params = new URLSearchParams(location.search);
  const only = params.get('only')?.split(',');
  const long = params.get('long') === '1';
  // `attn`: the single-thread build, as on a page that is not isolated (every single-thread row
  // and target). `attn2`: the page's default core, which on this cross-origin-isolated page is
  // the threaded build with its helper Worker; the cases' "2 threads" rows use it.
  const attn = await loadAttn({ threads: 1 });
  const attn2 = await loadAttn();
  const threads = attn2.threads;
  progress(`Cross-origin isolated: ${globalThis.crossOriginIsolated ? 'yes' : 'no'}; our core on ${threads} thread(s) for the two-thread rows`);
  for (const bench of CASES) {
    if (only ? !only.includes(bench.name) : bench.long && !long) continue;
    progress(`Running ${bench.name}…`);
    await bench.run({ attn, attn2, threads, report, progress });
  }
  progress('Done.');
}

main().catch((error) => {
  state.error = String(error?.stack ?? error);
  progress(`Failed: ${error.message}`);
}).finally(() => {
  state.done = true;
});
