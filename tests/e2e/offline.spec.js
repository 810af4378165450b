// offline.spec.js — after one visit the lab works with the network off (its service worker,
// web/offline/): the lab page is loaded, the network is cut (context.setOffline), the page is
// reloaded, and every widget is used, training and the learner's worker included. A new build
// replaces the old cache (a copy of dist/ on a second server, rebuilt in place). The embed script
// registers nothing on a course page of another origin, and says why it cannot when asked.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as plainTest } from '@playwright/test';
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { startAll, TAGS, trainThenPause, checkPasses } from './helpers/a11y-pages.js';
import { writeServiceWorker } from '../../scripts/service-worker.mjs';

const labPort = Number(process.env.E2E_PORT ?? 8181);

// The one spec where the lab's service worker runs (playwright.config.js blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
plainTest.use({ serviceWorkers: 'allow' });

/** Waits until the page is controlled by the lab's service worker; returns its cache names. */
async function whenOfflineReady(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  return page.evaluate(() => caches.keys());
}

/** Records the origins of a page's requests (the two tests on other origins cannot use the
 *  fixture's one-origin check; each asserts its own list of allowed origins). */
function recordOrigins(page) {
  const origins = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:') origins.add(url.origin);
  });
  return origins;
}

/** Starts scripts/serve.mjs on `port` for `root`; resolves to the child once it listens. */
function serve(port, env) {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => { if (String(chunk).includes('is running')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`the server on ${port} stopped (exit ${code})`)));
  });
}

test('after one visit the lab works offline: reload, every widget, training, the learner’s check', async ({ page, context }) => {
  test.slow();
  await page.goto('/');
  const caches = await whenOfflineReady(page);
  expect(caches).toEqual([expect.stringMatching(/^attention-lab-\d+\.\d+\.\d+-[0-9a-f]{12}-\/$/)]);

  await context.setOffline(true);
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await startAll(page);
  for (const tag of TAGS) await expect(page.locator(tag).getByText(/could not be loaded/), tag).toHaveCount(0);

  // Each widget answers an action with numbers from the cached cores.
  const stepper = page.locator('attn-stepper');
  await stepper.getByRole('button', { name: 'Next →' }).click();
  await expect(stepper.getByText('Step 2 of 6: Scores')).toBeVisible();
  await page.locator('attn-variance').evaluate((el) => { el.dk = 32; });
  await expect(page.locator('attn-variance').getByText(/^d_k = 32, 20,000 draws/)).toBeVisible({ timeout: 30_000 });
  const masks = page.locator('attn-masks');
  await masks.evaluate((el) => { el.masks = new Set(['causal', 'window']); });
  await expect(masks.getByText(/window/).first()).toBeVisible();
  await page.locator('attn-shuffle').getByRole('button', { name: 'Shuffle' }).click();
  await page.locator('attn-heads').getByRole('tab', { name: 'Head 3' }).click();
  await expect(page.locator('attn-heads').getByRole('application', { name: /^Head 3/ })).toBeVisible();
  await page.locator('attn-cost').evaluate((el) => { el.n = 4096; });
  await expect(page.locator('attn-cost').getByText(/Crossover at N = 1,024/)).toBeVisible();

  const train = page.locator('attn-train');
  await expect(train.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  await trainThenPause(train, 1003, 90_000);
  await checkPasses(page.locator('attn-editor'), 60_000);

  // embed.html, with its query, comes from the cache too.
  await page.goto('/embed.html?widget=masks&window=3');
  await whenStarted(page.locator('attn-masks'));
  await context.setOffline(false);
});

plainTest('a new build replaces the old cache: one cache, the new version, the new files', async ({ page }) => {
  test.slow();
  const folder = mkdtempSync(join(tmpdir(), 'attn-offline-'));
  const port = labPort + 2;
  cpSync('dist', folder, { recursive: true });
  const server = await serve(port, { ROOT: folder });
  try {
    const origins = recordOrigins(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    const [before] = await whenOfflineReady(page);
    // A new build: a changed file, the service worker written again.
    writeFileSync(join(folder, 'embed-resize.js'), `${readFileSync(join(folder, 'embed-resize.js'), 'utf8')}\n// a new build\n`);
    const { version } = writeServiceWorker(folder, JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(before).not.toContain(version);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 60_000 }).toEqual([expect.stringContaining(`-${version}-`)]);
    const cached = await page.evaluate(async () => (await (await caches.match(new URL('embed-resize.js', location.href))).text()));
    expect(cached).toContain('// a new build');
    expect([...origins], 'the copy of the lab asks only its own server').toEqual([`http://127.0.0.1:${port}`]);
  } finally {
    server.kill();
    rmSync(folder, { recursive: true, force: true });
  }
});

plainTest('on a course page of another origin the embed script registers no service worker, and enableOffline says why it cannot', async ({ page }) => {
  const folder = mkdtempSync(join(tmpdir(), 'attn-course-offline-'));
  const lab = `http://127.0.0.1:${labPort}`;
  const port = labPort + 3;
  writeFileSync(join(folder, 'page.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title>
<script type="module" src="${lab}/attention-lab.js"></script></head><body><main><h1>Attention</h1><attn-stepper></attn-stepper></main></body></html>`);
  const server = await serve(port, { ROOT: folder, CSP_ALLOW: lab, ISOLATE: '0' });
  try {
    const origins = recordOrigins(page);
    await page.goto(`http://127.0.0.1:${port}/page.html`);
    await whenStarted(page.locator('attn-stepper'));
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    const refusal = await page.evaluate(() => attentionLab.enableOffline().then(() => 'registered', (error) => `${error.name}: ${error.message}`));
    expect(refusal).toBe(`AttnError: Only a page on the lab's own host (${lab}) can make the lab work offline; this page is on http://127.0.0.1:${port}. Serve the lab's folder from your own site to offer it offline.`);
    expect(await page.evaluate(() => attentionLab.version)).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect([...origins].sort(), 'only the course page and the lab').toEqual([lab, `http://127.0.0.1:${port}`].sort());
  } finally {
    server.kill();
    rmSync(folder, { recursive: true, force: true });
  }
});
