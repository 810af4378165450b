// screenshot.mjs — the README's picture of the lab, docs/images/lab.png: serves the built lab
// (scripts/serve.mjs, dist/), opens it in headless Chromium (Debian's, /usr/bin/chromium) at a
// laptop's window size, scrolls the first widget of a section (the masks of 6.4 by default) to the
// top of the window, waits until every widget on screen has computed its numbers, and saves that
// screen: the contents on the left, a live widget with its heatmaps.
//
//   npm run screenshot            (after bash build.sh)
//   SCREENSHOT_PORT=8190 SCREENSHOT_HASH=s6-2 npm run screenshot

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('../', import.meta.url));
const port = Number(process.env.SCREENSHOT_PORT ?? 8190);
const hash = process.env.SCREENSHOT_HASH ?? 's6-4';
const out = fileURLToPath(new URL('../docs/images/lab.png', import.meta.url));

/** Resolves once the server answers, or rejects after `seconds`. */
async function whenServing(url, seconds = 20) {
  for (let tries = 0; tries < seconds * 10; tries++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The lab's server did not answer at ${url} (is dist/ built? run bash build.sh).`);
}

const server = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
let browser;
try {
  const url = `http://127.0.0.1:${port}/`;
  await whenServing(url);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(`${url}#${hash}`);
  const widget = page.locator(`#${hash} :is(${'attn-stepper attn-variance attn-masks attn-shuffle attn-heads attn-cost attn-train attn-editor attn-lookup attn-bottleneck attn-cross attn-decode'.split(' ').join(', ')})`).first();
  await widget.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 12));
  // Every widget whose box is on screen has started (its numbers computed), and no
  // "Loading the attention core…" line is left in view.
  await page.waitForFunction(() => [...document.querySelectorAll('main *')]
    .filter((el) => el.localName.startsWith('attn-'))
    .filter((el) => { const box = el.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; })
    .every((el) => el.started === true), null, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  mkdirSync(fileURLToPath(new URL('../docs/images/', import.meta.url)), { recursive: true });
  await page.screenshot({ path: out });
  console.log(`docs/images/lab.png: the lab at #${hash}, 1280 × 800`);
} finally {
  await browser?.close();
  server.kill();
}
