// package.spec.js — the package as a course author uses it, from the authors' guide alone: `npm pack`,
// installed into an empty project (tests/package/packed.mjs), its dist/ copied to
// /attention-lab/0.2.0/ of the author's site on a plain host (static-host.js). Each page's policy
// is `default-src 'none'` and one of the guide's CSP lines, read from docs/authors.md itself: the
// lab on the page's own origin, and the lab on another host (with an iframe of its embed page,
// served under the site's policy plus the guide's line for the lab's own pages).
// Widgets that need the core, a worker, the shipped model and Chart.js start and draw, a figure
// downloads, and nothing is logged as an error (a CSP refusal is one) or requested elsewhere.
// Last, the bundler route: a page that imports the installed package, bundled by Vite, asks for
// no file that is not there (the package's preload lists named its own chunks, which the
// author's bundler renames: a 404 for each on every load).
import { test, expect } from '@playwright/test';
import { build } from 'vite';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { whenStarted } from './helpers/fixtures.js';
import { packAndInstall } from '../package/packed.mjs';
import { startStaticHost } from './helpers/static-host.js';

const labPort = Number(process.env.E2E_PORT ?? 8181);
const site = `http://127.0.0.1:${labPort + 4}`;   // the author's site, the lab self-hosted in it
const other = `http://127.0.0.1:${labPort + 5}`;  // a page on another host, the lab from `site`
const bundled = `http://127.0.0.1:${labPort + 6}`; // an author's site built by Vite from the package
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const labPath = `/attention-lab/${version}`;

/** The authors' guide's policies (the code blocks of its Content-Security-Policy section), one line each. */
function guidePolicies() {
  const guide = readFileSync('docs/authors.md', 'utf8');
  const section = guide.slice(guide.indexOf('\n## Content-Security-Policy\n'), guide.indexOf('\n## Theming\n'));
  const blocks = [...section.matchAll(/\n```\n([^`]+)\n```\n/g)].map((m) => m[1].replace(/\s*\n\s*/g, ' '));
  expect(blocks, 'the authors\' guide gives a policy for another host, one for the same origin, and what the lab\'s own pages add').toHaveLength(3);
  return { otherHost: blocks[0], sameOrigin: blocks[1], labPages: blocks[2] };
}

const page = (title, body) => `<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>${title}</title>\n${body}\n</html>\n`;

let packed = null, hosts = [], folder = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  packed = packAndInstall();
  folder = join(packed.folder, 'hosts');
  const siteRoot = join(folder, 'site'), otherRoot = join(folder, 'other');
  // "Copy node_modules/attention-lab/dist/ anywhere on your site": under a path that names the version.
  cpSync(join(packed.installed, 'dist'), join(siteRoot, labPath), { recursive: true });
  mkdirSync(otherRoot, { recursive: true });
  const widgets = '<attn-stepper></attn-stepper>\n<attn-variance draws="2000"></attn-variance>\n<attn-masks masks="causal window" window="3"></attn-masks>\n<attn-decode></attn-decode>';
  writeFileSync(join(siteRoot, 'chapter.html'), page('Self-hosted',
    `  <script type="module" src="${labPath}/attention-lab.js"></script>\n</head>\n<body>\n<h1>Attention</h1>\n${widgets}\n</body>`));
  writeFileSync(join(otherRoot, 'chapter.html'), page('Another host',
    `  <script type="module" src="${site}${labPath}/attention-lab.js"></script>\n</head>\n<body>\n<h1>Attention</h1>\n${widgets}\n`
    + `<iframe src="${site}${labPath}/embed.html?widget=lookup&attn-accent=%239a4d00" title="Lookup" width="100%" height="700"></iframe>\n</body>`));
  const { otherHost, sameOrigin, labPages } = guidePolicies();
  // One policy for the whole site; the lab's own pages (its embed page) get what the guide adds for them.
  const sitePolicy = `default-src 'none'; ${sameOrigin}`;
  hosts = [
    await startStaticHost({ root: siteRoot, port: labPort + 4, policyOf: (path) => (path.startsWith(`${labPath}/`) ? `${sitePolicy}; ${labPages}` : sitePolicy) }),
    await startStaticHost({ root: otherRoot, port: labPort + 5, policyOf: () => `default-src 'none'; ${otherHost.replaceAll('https://your-host', site)}` }),
  ];
});

test.afterAll(async () => {
  for (const host of hosts) await host.close();
  if (packed) rmSync(packed.folder, { recursive: true, force: true });
});

/** Records the page's console errors, failed requests and requests outside `origins`. */
function watch(tab, origins) {
  const seen = { errors: [], failed: [], elsewhere: [] };
  tab.on('console', (message) => { if (message.type() === 'error') seen.errors.push(message.text()); });
  tab.on('pageerror', (error) => seen.errors.push(error.message));
  tab.on('requestfailed', (request) => seen.failed.push(`${request.url()} (${request.failure()?.errorText})`));
  tab.on('request', (request) => {
    const url = new URL(request.url());
    if (!['blob:', 'data:'].includes(url.protocol) && !origins.includes(url.origin)) seen.elsewhere.push(request.url());
  });
  return seen;
}

/** Scrolls to each widget, waits until it has started, and checks what it drew. */
async function expectWidgetsWork(tab) {
  for (const tag of ['attn-stepper', 'attn-variance', 'attn-masks', 'attn-decode']) {
    const widget = tab.locator(tag);
    await widget.scrollIntoViewIfNeeded();
    await whenStarted(widget);
    await expect(widget.getByText(/could not be loaded/)).toHaveCount(0);
  }
  await expect(tab.locator('attn-stepper').getByText('Step 1 of 6: Inputs')).toBeVisible();
  // The variance's worker (through a blob) measured, and Chart.js drew.
  await expect(tab.locator('attn-variance').getByText(/variance ÷ d_k = \d/)).toBeVisible({ timeout: 30_000 });
  await expect(tab.locator('attn-variance').getByRole('img', { name: /^Histogram of 2,000 scaled scores/ })).toBeVisible();
  // The shipped model was fetched.
  await expect(tab.locator('attn-decode').getByText(/^Decoding with the shipped model: 2 layers/)).toBeVisible({ timeout: 30_000 });
}

test('the lab self-hosted from the installed package works under the authors’ guide’s same-origin policy', async ({ page: tab }) => {
  const seen = watch(tab, [site]);
  const response = await tab.goto(`${site}/chapter.html`);
  expect(response.headers()['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self' 'wasm-unsafe-eval'/);
  await expectWidgetsWork(tab);
  // A figure downloads (the PNG is drawn in the page: a blob: link).
  const masks = tab.locator('attn-masks');
  const [file] = await Promise.all([tab.waitForEvent('download'), masks.getByRole('button', { name: 'PNG' }).first().click()]);
  expect(file.suggestedFilename()).toMatch(/^masks-.+\.png$/);
  expect(seen.errors, 'console errors (a CSP refusal included)').toEqual([]);
  expect(seen.failed, 'failed requests').toEqual([]);
  expect(seen.elsewhere, 'requests off the page’s origin').toEqual([]);
});

test('a page on another host loads the self-hosted lab and its iframe under the authors’ guide’s other policy', async ({ page: tab }) => {
  const seen = watch(tab, [other, site]);
  await tab.goto(`${other}/chapter.html`);
  await expectWidgetsWork(tab);
  const frame = tab.frameLocator('iframe');
  await tab.locator('iframe').scrollIntoViewIfNeeded();
  await whenStarted(frame.locator('attn-lookup'));
  expect(seen.errors, 'console errors (a CSP refusal included)').toEqual([]);
  expect(seen.failed, 'failed requests').toEqual([]);
  expect(seen.elsewhere, 'requests to a third origin').toEqual([]);
});

test('a page that imports the package, bundled by Vite, loads and asks for no missing file', async ({ page: tab }) => {
  // The author's project (the package installed in it): `import 'attention-lab'` and two widgets,
  // one of the learner's side, which the entry loads on demand (a dynamic import).
  const source = join(packed.project, 'site');
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, 'main.js'), "import 'attention-lab';\n");
  writeFileSync(join(source, 'index.html'), page('Bundled',
    '  <script type="module" src="./main.js"></script>\n</head>\n<body>\n<h1>Attention</h1>\n'
    + '<attn-masks masks="causal window" window="3"></attn-masks>\n<attn-check questions="entries"></attn-check>\n</body>'));
  const out = join(folder, 'bundled');
  await build({ configFile: false, root: source, logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
  const { sameOrigin } = guidePolicies();
  hosts.push(await startStaticHost({ root: out, port: labPort + 6, policyOf: () => `default-src 'none'; ${sameOrigin}` }));
  const seen = watch(tab, [bundled]);
  const missing = [];
  tab.on('response', (response) => { if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`); });
  await tab.goto(`${bundled}/index.html`);
  for (const tag of ['attn-masks', 'attn-check']) {
    const widget = tab.locator(tag);
    await widget.scrollIntoViewIfNeeded();
    await whenStarted(widget);
  }
  await expect(tab.locator('attn-check').getByRole('button', { name: 'Check answer' }).first()).toBeVisible();
  expect(missing, 'requests answered 404 (or another error)').toEqual([]);
  expect(seen.errors, 'console errors').toEqual([]);
  expect(seen.failed, 'failed requests').toEqual([]);
});
