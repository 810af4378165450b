// run.mjs — `npm run bench`: serves the benchmark site (build/bench-site/, built by `bash
// build.sh --bench`: the bench page and its peers, kept out of the authors' dist/), opens the
// benchmark page in headless Chromium, runs every case there in one run, then any native
// benchmarks (bench/native/*.mjs), prints one table of figures beside their peers with the
// ratio, and writes the rows to bench/results.json.
//   node bench/run.mjs [case ...]      only the named cases
//   node bench/run.mjs --long          also the long cases (minutes each: train-2000-steps)

import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('../', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 8199);
const long = process.argv.includes('--long');
const only = process.argv.slice(2).filter((arg) => arg !== '--long');

function startServer() {
  const site = `${root}build/bench-site`;
  if (!existsSync(`${site}/index.html`)) throw new Error('The benchmark site is not built: run bash build.sh --bench (npm run bench does).');
  const server = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: { ...process.env, PORT: String(port), ROOT: site }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    server.stdout.once('data', () => resolve(server));
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

async function browserRows() {
  const server = await startServer();
  let browser;
  try {
    // Inside the try: a browser that fails to start must not leave the server holding the port.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run',
        // gc() for the page: compare.js collects the garbage before each timed round.
        '--js-flags=--expose-gc'],
    });
    const page = await browser.newPage();
    // The machine may be shared: cases can time by the page's main-thread CPU seconds (through
    // the DevTools protocol) rather than the wall clock, which counts time spent descheduled.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.exposeFunction('benchCpuSeconds', async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? null);
    page.on('console', (message) => { if (message.type() === 'error') console.error(`[page] ${message.text()}`); });
    page.on('pageerror', (error) => console.error(`[page] uncaught: ${error.message}`));
    let crashed = false;
    page.on('crash', () => { crashed = true; });
    const query = only.length ? `?only=${only.join(',')}` : long ? '?long=1' : '';
    await page.goto(`http://127.0.0.1:${port}/index.html${query}`);
    let shown = 0;
    for (;;) {
      if (crashed) throw new Error('the benchmark page crashed (out of memory?); the figures so far are above');
      const state = await page.evaluate(() => window.bench && { done: window.bench.done, error: window.bench.error, log: window.bench.log });
      if (state) {
        for (; shown < state.log.length; shown++) console.log(`  ${state.log[shown]}`);
        if (state.done) {
          if (state.error) {
            // Keep the figures measured before the failure; the run still ends nonzero.
            console.error(`the benchmark page failed: ${state.error}`);
            process.exitCode = 1;
          }
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return await page.evaluate(() => window.bench.rows);
  } finally {
    await browser?.close();
    server.kill();
  }
}

async function nativeRows(browser) {
  const dir = `${root}bench/native`;
  if (!existsSync(dir)) return [];
  const rows = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.mjs')).sort()) {
    const bench = await import(pathToFileURL(`${dir}/${file}`).href);
    if (only.length && !only.includes(bench.name)) continue;
    console.log(`  Running native ${bench.name}…`);
    rows.push(...(await bench.run({ root, rows: browser })));
  }
  return rows;
}

function printTable(rows) {
  const fmt = (x) => (typeof x === 'number' ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3)) : String(x ?? ''));
  const note = (r) => r.status ?? (r.target ? `target ${r.target}: ${r.met ? 'met' : 'NOT met'}` : '');
  const percent = (x) => (typeof x === 'number' ? `${(100 * x).toFixed(0)}%` : '');
  const cells = rows.map((r) => [r.name, fmt(r.ours), fmt(r.peer), r.peerName, r.ratio == null ? '' : `${fmt(r.ratio)}×`, percent(r.ofPeak), r.unit, note(r)]);
  const header = ['case', 'ours', 'peer', 'peer name', 'ours/peer', 'of peak', 'unit', 'target / status'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => String(c[i]).length)));
  const line = (c) => c.map((x, i) => (i === 0 || i === 3 || i >= 6 ? String(x).padEnd(widths[i]) : String(x).padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
}

console.log('Attention Lab benchmark (one run; every figure beside a peer measured in the same run)');
const fromBrowser = await browserRows();
const rows = [...fromBrowser, ...(await nativeRows(fromBrowser))];
printTable(rows);
writeFileSync(`${root}bench/results.json`, `${JSON.stringify(rows, null, 2)}\n`);
console.log(`\n${rows.length} figures written to bench/results.json`);
