// requests.spec.js — every request the lab makes stays on its origin. The lab (index.html with
// every widget started, the training lab run a few steps, the variance widget's experiment and
// the editor's check run), the embed page (embed.html, every widget) and the course example
// (examples/course.html, with its iframe) are each recorded from the first request (the page
// itself) to the last; the list must be non-empty, must hold the WASM core, and every URL must be
// on the page's origin or a data: / blob: URL. (fixtures.js fails any test on an off-origin
// request too; this spec makes the list explicit and checks it was really recorded.)
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { WIDGETS } from '../../web/widgets/registry.js';

/** Records every request of the page (the main frame, iframes and workers). */
function recorder(page) {
  const urls = [];
  page.context().on('request', (request) => urls.push(request.url()));
  return urls;
}

async function started(widget) {
  await widget.scrollIntoViewIfNeeded();
  await whenStarted(widget);
}

function expectAllOnOrigin(urls, baseURL, what) {
  const origin = new URL(baseURL).origin;
  const off = urls.filter((url) => {
    const parsed = new URL(url);
    return !(parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.origin === origin);
  });
  console.log(`${what}: ${urls.length} requests, ${off.length} off the origin`);
  expect(urls.length, `${what} made no request at all: the recorder is broken`).toBeGreaterThan(5);
  expect(urls.some((url) => url.endsWith('.wasm')), `${what} never loaded the WASM core`).toBe(true);
  expect(off, `${what}: requests off the origin`).toEqual([]);
}

test('the lab, every widget started and the trainer run a few steps, requests only its own origin', async ({ page, baseURL }) => {
  test.slow();
  const urls = recorder(page);
  await page.goto('/');
  for (const { tag } of WIDGETS) {
    for (const widget of await page.locator(tag).all()) await started(widget); // the lab has five exercises
  }

  const train = page.locator('attn-train');
  await expect(train.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  await train.getByRole('button', { name: 'Start' }).click();
  await expect.poll(async () => Number(await train.locator('dd[data-stat="step"]').textContent()), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await train.getByRole('button', { name: 'Pause' }).click();
  await expect(train.getByText(/^Paused at step \d+/)).toBeVisible();

  const editor = page.locator('attn-editor');
  await editor.getByRole('button', { name: 'Check against reference' }).click();
  await expect(editor.getByText('Check passed.')).toBeVisible({ timeout: 30_000 });

  expectAllOnOrigin(urls, baseURL, 'index.html');
  expect(urls.some((url) => /worker/.test(url)), 'no worker script was requested').toBe(true);
});

test('embed.html, every widget, requests only its own origin', async ({ page, baseURL }) => {
  const urls = recorder(page);
  for (const { name, tag } of WIDGETS) {
    await page.goto(`/embed.html?widget=${name}`);
    await started(page.locator(tag));
  }
  expectAllOnOrigin(urls, baseURL, 'embed.html');
  for (const { name } of WIDGETS) expect(urls.filter((url) => url.endsWith(`/embed.html?widget=${name}`)).length).toBeGreaterThan(0);
});

test('the course example, with its iframe, requests only its own origin', async ({ page, baseURL }) => {
  const urls = recorder(page);
  await page.goto('/examples/course.html');
  for (const { tag } of WIDGETS) {
    for (const widget of await page.locator(tag).all()) await started(widget);
  }
  const frame = page.frameLocator('iframe').first();
  await expect(frame.locator('body')).toBeVisible();
  expectAllOnOrigin(urls, baseURL, 'examples/course.html');
  expect(urls.some((url) => url.includes('/embed.html?')), 'the iframe was never requested').toBe(true);
  expect(urls.some((url) => url.endsWith('/attention-lab.js'))).toBe(true);
});
