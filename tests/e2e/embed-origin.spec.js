// embed-origin.spec.js — the course example as an author on another host would use it: the
// page (examples/course.html, with its URLs pointed at the lab) is served from a SECOND origin
// (E2E_PORT + 1, by scripts/serve.mjs with the page's own CSP, which allows the lab's origin)
// and every widget, the WebAssembly core, Chart.js, the measuring worker and the iframe load
// from the first. No request goes anywhere else, one WASM instance serves the page, and nothing
// is logged as an error (CSP violations included).
import { test, expect } from '@playwright/test';
import { whenStarted } from './helpers/fixtures.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WIDGETS } from '../../web/widgets/registry.js';

const labPort = Number(process.env.E2E_PORT ?? 8181);
const coursePort = labPort + 1;
const lab = `http://127.0.0.1:${labPort}`;
const course = `http://127.0.0.1:${coursePort}`;

test.describe.configure({ mode: 'serial' });

let server = null, folder = null;

test.beforeAll(async () => {
  // The author's copy of the page: the same file, with "../" (the lab's folder) made absolute.
  folder = mkdtempSync(join(tmpdir(), 'attn-course-'));
  const html = readFileSync('dist/examples/course.html', 'utf8').replaceAll('"../', `"${lab}/`);
  expect(html).toContain(`<script type="module" src="${lab}/attention-lab.js"></script>`);
  writeFileSync(join(folder, 'course.html'), html);
  // The page's own files (its stylesheet, its theme switch) are the author's: on the second origin.
  for (const file of readdirSync('dist/examples')) if (file !== 'course.html') copyFileSync(join('dist/examples', file), join(folder, file));
  server = spawn(process.execPath, ['scripts/serve.mjs'], {
    // ISOLATE=0: an author's host that sends no COOP/COEP headers (the core runs one thread).
    env: { ...process.env, PORT: String(coursePort), ROOT: folder, CSP_ALLOW: lab, ISOLATE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => { if (String(chunk).includes('is running')) resolve(); });
    server.on('exit', (code) => reject(new Error(`the second server stopped (exit ${code})`)));
  });
});

test.afterAll(() => {
  server?.kill();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a course page on another origin loads every widget, its core, Chart.js, a worker and an iframe from the lab', async ({ page }) => {
  test.slow();
  const requests = [], errors = [], workers = [], failed = [];
  // Count WebAssembly instantiations in the page's realm (workers have their own globals).
  await page.addInitScript(() => {
    window.__wasmInstances = 0;
    const instantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = function (...args) {
      window.__wasmInstances += 1;
      return instantiate.apply(this, args);
    };
  });
  page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
  page.on('request', (request) => {
    let mainFrame = false;
    try { mainFrame = request.frame() === page.mainFrame(); } catch { /* a worker's request */ }
    requests.push({ url: request.url(), mainFrame });
  });
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('worker', (worker) => workers.push(worker));

  const response = await page.goto(`${course}/course.html`);
  expect(response.headers()['content-security-policy']).toContain(`script-src 'self' 'wasm-unsafe-eval' ${lab}`);

  // Every widget in the registry is on the page, and every copy starts when scrolled to.
  for (const { tag } of WIDGETS) {
    const copies = page.locator(tag);
    expect(await copies.count(), `${tag} is on the course page`).toBeGreaterThan(0);
    for (let i = 0; i < await copies.count(); i++) {
      const widget = copies.nth(i);
      await widget.scrollIntoViewIfNeeded();
      await whenStarted(widget);
      await expect(widget.getByText(/could not be loaded/)).toHaveCount(0);
    }
  }
  await expect(page.locator('attn-stepper').first().getByText('Step 1 of 6: Inputs')).toBeVisible();
  await expect(page.locator('attn-cost').getByText(/^8 heads × 64 features = d_model 512\. Crossover at N = 1,024/)).toBeVisible();
  await expect(page.locator('attn-cost').getByRole('img', { name: 'Log–log chart of the cost terms against N' })).toBeVisible();

  // The measuring worker, started from the lab's origin through a blob, runs and reports.
  const cost = page.locator('attn-cost');
  await cost.getByRole('button', { name: 'Measure in my browser' }).click();
  await expect(cost.getByText(/^Done: 6 sizes measured\./)).toBeVisible({ timeout: 170_000 });
  expect(workers.length).toBeGreaterThan(0);
  expect(workers[0].url()).toMatch(/^blob:/);
  // The blob imported the worker module from the lab (a CSP refusal would fetch nothing).
  expect(requests.some((r) => r.url.startsWith(`${lab}/assets/measure-attention-`))).toBe(true);

  // The iframe form, from the lab, sized to its widget.
  const iframe = page.locator('iframe');
  await iframe.scrollIntoViewIfNeeded();
  await expect(page.frameLocator('iframe').locator('attn-cost').getByText(/^4 heads × 64 features = d_model 256\./)).toBeVisible();
  await expect.poll(async () => (await iframe.boundingBox()).height).toBeGreaterThan(400);

  // Where everything came from.
  const fromCourse = requests.filter((r) => r.url.startsWith(`${course}/`)).map((r) => new URL(r.url).pathname).sort();
  expect(fromCourse).toEqual(['/course-theme.js', '/course.css', '/course.html']);
  const elsewhere = requests.filter((r) => !r.url.startsWith(`${lab}/`) && !r.url.startsWith(`${course}/`)
    && !r.url.startsWith('blob:') && !r.url.startsWith('data:'));
  expect(elsewhere, 'requests to a third origin').toEqual([]);
  expect(requests.some((r) => r.url.startsWith(`${lab}/attention-lab.js`))).toBe(true);
  expect(requests.some((r) => /\/assets\/chart-[^/]+\.js$/.test(r.url) && r.url.startsWith(lab))).toBe(true);
  // One WASM instance serves every widget of the page (counted in the page's own realm; each
  // Web Worker is a realm of its own and loads its own copy, from the lab too).
  expect(await page.evaluate(() => window.__wasmInstances), 'WASM instances in the page').toBe(1);
  const wasm = requests.filter((r) => r.url.endsWith('.wasm'));
  expect(wasm.length).toBeGreaterThan(0);
  expect(wasm.every((r) => r.url.startsWith(`${lab}/assets/`))).toBe(true);
  expect(errors, 'console errors').toEqual([]);
  // Nothing was refused (a worker module blocked by the page's CSP shows up only here).
  expect(failed, 'failed requests').toEqual([]);
});

test('the course page is not cross-origin isolated: the core runs on one thread there, and works', async ({ page }) => {
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${course}/course.html`);
  await expect(page.locator('attn-stepper').first().getByText('Step 1 of 6: Inputs')).toBeVisible();
  const result = await page.evaluate(async (labUrl) => {
    const { loadAttn } = await import(`${labUrl}/attention-lab.js`);
    const attn = await loadAttn();
    // The tiled kernel against the step-by-step one, on a size the threaded build would split.
    const n = 300, d = 32;
    const fill = (seed) => Float32Array.from({ length: n * d }, (_, i) => Math.sin(seed * 1000 + i * 0.37));
    const q = fill(1), k = fill(2), v = fill(3);
    const fast = attn.flashAttention({ q, k, v, n, m: n, dk: d, dv: d, mask: 'causal' }).out;
    const naive = attn.attention({ q, k, v, n, m: n, dk: d, dv: d, mask: 'causal' }).out;
    let worst = 0;
    for (let i = 0; i < fast.length; i++) worst = Math.max(worst, Math.abs(fast[i] - naive[i]) / Math.max(1, Math.abs(naive[i])));
    return { isolated: crossOriginIsolated, threads: attn.threads, worst, unshared: attn.core.memory.buffer instanceof ArrayBuffer };
  }, lab);
  expect(result.isolated).toBe(false);
  expect(result.threads).toBe(1);
  expect(result.unshared).toBe(true); // the single-thread build's own, unshared memory
  expect(result.worst).toBeLessThanOrEqual(1e-5);
  expect(errors, 'console errors').toEqual([]);
});
