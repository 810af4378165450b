// variance.spec.js — <attn-variance> on its embed page (§6.3): the histograms and their printed
// variances follow d_k, the saturation panel (and its gaps of 20 between scores, from the same one
// pass over the trials), the chapter's reproduction (progress bar, the page staying usable,
// Cancel, every number, its gaps included, within the statistical tolerances and equal to what
// the same WASM core gives in node), and bad input answered beside its control.
import { test, expect } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';
import { loadWasmAttn } from '../wasm/helpers.mjs';

/** The number a cell starts with: "33.6% (168 of 500)" → 33.6; "−0.004" → −0.004. */
const number = (text) => parseFloat(text.trim().replace('−', '-'));

async function openVariance(page) {
  const widget = await openWidget(page, 'variance', { ready: 'none' });
  await expect(widget.getByText(/variance ÷ d_k = \d/)).toBeVisible({ timeout: 20_000 }); // “…” until measured
  return widget;
}

/** The readout under the raw histogram, e.g. "d_k = 128, 20,000 draws: ... variance ÷ d_k = 1.0108 ...". */
const rawReadout = (widget) => widget.getByText(/^d_k = \d+, [\d,]+ draws:/);

test('histograms of raw and scaled scores with their variances; changing d_k redraws them', async ({ page }) => {
  const widget = await openVariance(page);
  await expect(rawReadout(widget)).toContainText('d_k = 128, 20,000 draws');
  await expect(widget.getByRole('article', { name: /Why divide by √d_k/ })).toHaveAccessibleDescription(/^In words\. The widget draws many random query and key vectors/);
  const ratio = number((await rawReadout(widget).textContent()).match(/variance ÷ d_k = (\S+)/)[1]);
  expect(Math.abs(ratio - 1)).toBeLessThan(0.05); // standard error at 20,000 draws: 0.01
  const rawChart = widget.getByRole('img', { name: /^Histogram of 20,000 raw scores at d_k = 128/ });
  await expect(rawChart).toBeVisible();
  await expect(widget.getByRole('img', { name: /^Histogram of 20,000 scaled scores at d_k = 128.*N\(0, 1\)/ })).toBeVisible();
  const before = await rawChart.screenshot();
  // The bars in the theme's accent, see-through (the density curve shows through them), the grid's
  // lines lighter than the border colour.
  expect(await widget.evaluate((el) => {
    const { data, options } = el.charts.raw.chart.chart;
    return [data.datasets[0].backgroundColor, options.scales.x.grid.color];
  })).toEqual(['rgba(29, 95, 191, 0.55)', 'rgba(213, 218, 225, 0.6)']);

  await widget.getByRole('button', { name: 'd_k = 32' }).click();
  await expect(rawReadout(widget)).toContainText('d_k = 32, 20,000 draws');
  await expect(widget.getByRole('button', { name: 'd_k = 32' })).toHaveAttribute('aria-pressed', 'true');
  await expect(widget).toHaveAttribute('dk', '32');
  const narrow = widget.getByRole('img', { name: /^Histogram of 20,000 raw scores at d_k = 32; measured variance (\S+),.*N\(0, 32\)/ });
  await expect(narrow).toBeVisible();
  const variance = number((await narrow.getAttribute('aria-label')).match(/measured variance (\S+),/)[1]);
  expect(Math.abs(variance / 32 - 1)).toBeLessThan(0.05);
  expect((await narrow.screenshot()).equals(before)).toBe(false); // the bars were redrawn

  const input = widget.getByLabel('Head width d_k');
  await input.fill('300');
  await input.press('Enter');
  await expect(rawReadout(widget)).toContainText('d_k = 300, 20,000 draws');
  await expect(widget.getByText(/Same draws divided by √300/)).toBeVisible();
});

test('saturation panel: raw scores saturate the softmax, scaled ones do not', async ({ page }) => {
  const widget = await openVariance(page);
  const table = widget.getByRole('table', { name: /500 trials at d_k = 128 with 64 keys; saturated means p_max > 0.99/ });
  const rawRow = table.getByRole('row', { name: /^raw q·k/ });
  await expect(rawRow).toBeVisible();
  const rawFraction = number(await rawRow.getByRole('cell').first().textContent());
  expect(rawFraction).toBeGreaterThanOrEqual(28);
  expect(rawFraction).toBeLessThanOrEqual(42);
  expect(number(await rawRow.getByRole('cell').nth(1).textContent())).toBeLessThan(0.005);
  await expect(table.getByRole('row', { name: /^scaled/ })).toContainText('0.0% (0 of 500)');
  await expect(widget.getByText(/near|nearly 0/).first()).toBeVisible();

  const keys = widget.getByLabel('Keys per trial');
  await keys.fill('8');
  await keys.press('Enter');
  await expect(widget.getByRole('table', { name: /with 8 keys/ })).toBeVisible();
});

/** “21.2% (213,531 of 1,008,000)”: the share as the widget prints it, from the core's counts. */
const pairCell = (g) => `${(100 * g.fraction).toFixed(1)}% (${g.over.toLocaleString('en-US')} of ${g.pairs.toLocaleString('en-US')})`;

test('the chapter’s “at d_k = 128, gaps of 20 are common”: the pairs of scores more than 20 apart, raw and scaled, from the core', async ({ page }) => {
  const widget = await openVariance(page);
  const attn = await loadWasmAttn();
  const table = widget.getByRole('table', { name: 'Gaps between the 64 scores of one trial, the same 500 trials' });
  const cells = (name) => table.getByRole('row', { name }).getByRole('cell');
  await expect(cells(/^raw q·k/).first()).not.toHaveText('…');

  // The very trials of the saturation table: same settings, same seed (1), in node.
  const raw = attn.scoreGaps({ dk: 128, keys: 64, trials: 500, seed: 1, gap: 20 });
  const scaled = attn.scoreGaps({ dk: 128, keys: 64, trials: 500, seed: 1, gap: 20, scaled: true });
  await expect(cells(/^raw q·k/)).toHaveText([pairCell(raw), raw.meanTopGap.toFixed(2)]);
  await expect(cells(/^scaled/)).toHaveText(['0.0% (0 of 1,008,000)', scaled.meanTopGap.toFixed(2)]);
  // The chapter's claim: P(|gap| > 20) = 2(1 − Φ(20/16)) ≈ 0.21 for a gap ~ N(0, 2·128).
  expect(raw.fraction).toBeGreaterThan(0.15);
  expect(raw.fraction).toBeLessThan(0.28);
  expect(scaled.over).toBe(0);

  // The sentence tying it to the chapter, with e^20 computed (485,165,195.4 → 485 million), raised.
  const ratio = `${Number((Math.exp(20) / 1e6).toPrecision(3))} million`;
  expect(ratio).toBe('485 million');
  const note = widget.getByText(/^At d_k = 128, [\d.]+% of pairs of raw scores differ by more than 20/);
  await expect(note).toHaveText(`At d_k = 128, ${(100 * raw.fraction).toFixed(1)}% of pairs of raw scores differ by more than 20, a weight ratio of e20 ≈ ${ratio}; `
    + `scaled, 0.0%. On average the largest raw score is ${raw.meanTopGap.toFixed(2)} above the second, the largest scaled one ${scaled.meanTopGap.toFixed(2)}.`);
  await expect(note.locator('sup')).toHaveText('20');
  const article = widget.getByRole('article', { name: /Why divide by √d_k/ });
  await expect(article).toHaveAccessibleDescription(/how many pairs of scores in a row differ by more than 20, a gap that makes one weight e to the 20, about 485 million, times the other\./);
  await expect(article).toHaveAccessibleDescription(new RegExp(`; ${(100 * raw.fraction).toFixed(1)}% of pairs of raw scores differ by more than 20, 0\\.0% of scaled ones\\.`));

  // It follows the settings: at d_k = 8 with seed 2, gaps of 20 are rare, and the text says so with the number.
  await widget.getByLabel('Seed').fill('2');
  await widget.getByLabel('Seed').press('Enter');
  await widget.getByLabel('Head width d_k').fill('8');
  await widget.getByLabel('Head width d_k').press('Enter');
  const narrow = attn.scoreGaps({ dk: 8, keys: 64, trials: 500, seed: 2 });
  expect(narrow.fraction).toBeLessThan(0.0005); // 2(1 − Φ(20/4)) ≈ 6 × 10⁻⁷ at |q|² = 8; a long |q| gives the few there are
  const narrowShare = narrow.over > 0 ? 'under 0.1%' : '0.0%';
  await expect(cells(/^raw q·k/)).toHaveText([`${narrowShare} (${narrow.over.toLocaleString('en-US')} of 1,008,000)`, narrow.meanTopGap.toFixed(2)]);
  await expect(widget.getByText(/^At d_k = 8, /)).toContainText(`At d_k = 8, ${narrowShare} of pairs of raw scores differ by more than 20`);
  await expect(widget.getByText(/gaps of 20 are common/)).toHaveCount(0);

  // Fewer keys and trials: the caption and the pairs follow (keys·(keys − 1)/2 per trial).
  await widget.getByLabel('Keys per trial').fill('5');
  await widget.getByLabel('Keys per trial').press('Enter');
  await widget.getByLabel('Trials').fill('1');
  await widget.getByLabel('Trials').press('Enter');
  const one = attn.scoreGaps({ dk: 8, keys: 5, trials: 1, seed: 2 });
  await expect(widget.getByRole('table', { name: 'Gaps between the 5 scores of one trial, the same trial' }).getByRole('row', { name: /^raw q·k/ }).getByRole('cell'))
    .toHaveText([pairCell(one), one.meanTopGap.toFixed(2)]);
});

/** Records, in the page, every experiment run sent to a worker (the jobs: kind and settings) and
 *  the progress each job reported ({ job, done, total }), read back with experimentRuns(page). */
function recordExperimentRuns(page) {
  return page.addInitScript(() => {
    const runs = [];
    window.__experimentRuns = runs;
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      #runs = new Map(); // request id → its record
      constructor(...args) {
        super(...args);
        this.addEventListener('message', ({ data }) => {
          if (data?.type === 'progress') this.#runs.get(data.id)?.progress.push(data.progress);
        });
      }

      postMessage(message, transfer) {
        if (message?.type === 'request' && message.method === 'run' && Array.isArray(message.args?.jobs)) {
          const jobs = message.args.jobs.map(({ kind, options: { dk, keys, trials, seed, scaled, gap } }) => ({ kind, dk, keys, trials, seed, scaled, gap }));
          const run = { jobs, progress: [] };
          this.#runs.set(message.id, run);
          runs.push(run);
        }
        return super.postMessage(message, transfer);
      }
    };
  });
}
const experimentRuns = (page) => page.evaluate(() => window.__experimentRuns);

/** What a run drew in softmax trials: the trials of its saturation and gap jobs, raw and scaled
 *  apart, and how many times a job of those reported reaching its end. */
function trialsDrawn({ jobs, progress }) {
  const drawsTrials = (job) => job.kind === 'saturation' || job.kind === 'scoreGaps';
  const count = (scaled) => jobs.filter((job) => drawsTrials(job) && job.scaled === scaled).reduce((sum, job) => sum + job.trials, 0);
  const finished = progress.filter(({ job, done, total }) => drawsTrials(jobs[job]) && done === total).length;
  return { raw: count(false), scaled: count(true), finished };
}

test('the saturation panel draws each trial once: its saturation and gap tables come from one pass, and its progress counts the trials once', async ({ page }) => {
  await recordExperimentRuns(page);
  const widget = await openVariance(page);
  const attn = await loadWasmAttn();
  const gapTable = widget.getByRole('table', { name: 'Gaps between the 64 scores of one trial, the same 500 trials' });
  await expect(gapTable.getByRole('row', { name: /^raw q·k/ }).getByRole('cell').first()).not.toHaveText('…');
  const live = (await experimentRuns(page)).filter((run) => run.jobs.some((job) => job.kind === 'saturation'));
  expect(live).toHaveLength(1);
  // 500 trials raw and 500 scaled, each drawn once (two passes of them was four), each pass's
  // progress reaching its end once.
  expect(trialsDrawn(live[0])).toEqual({ raw: 500, scaled: 500, finished: 2 });
  // And the tables are still the very numbers of the two separate calls.
  const raw = attn.scoreGaps({ dk: 128, keys: 64, trials: 500, seed: 1, gap: 20 });
  const saturation = attn.saturation({ dk: 128, keys: 64, trials: 500, threshold: 0.99, seed: 1 });
  await expect(gapTable.getByRole('row', { name: /^raw q·k/ }).getByRole('cell')).toHaveText([pairCell(raw), raw.meanTopGap.toFixed(2)]);
  await expect(widget.getByRole('table', { name: /^500 trials at d_k = 128 with 64 keys/ }).getByRole('row', { name: /^raw q·k/ }).getByRole('cell').first())
    .toHaveText(`${(100 * saturation.fraction).toFixed(1)}% (${saturation.saturated} of 500)`);

  // A new setting: one more run, again each trial once.
  await widget.getByLabel('Trials').fill('40');
  await widget.getByLabel('Trials').press('Enter');
  await expect(widget.getByRole('table', { name: 'Gaps between the 64 scores of one trial, the same 40 trials' }).getByRole('row', { name: /^raw q·k/ }).getByRole('cell').first())
    .toHaveText(pairCell(attn.scoreGaps({ dk: 128, keys: 64, trials: 40, seed: 1 })));
  const runs = (await experimentRuns(page)).filter((run) => run.jobs.some((job) => job.kind === 'saturation'));
  expect(trialsDrawn(runs.at(-1))).toEqual({ raw: 40, scaled: 40, finished: 2 });
});

test('reproduces the chapter in the background, within the tolerances, with the numbers node gets', async ({ page }) => {
  test.slow();
  await recordExperimentRuns(page);
  const widget = await openVariance(page);
  await widget.evaluate((el) => el.addEventListener('reproduce', ({ detail }) => { window.__reproduced = detail; }));
  await widget.getByRole('button', { name: 'Reproduce the chapter' }).click();
  const progress = widget.getByRole('progressbar', { name: 'Reproducing the chapter' });
  await expect(progress).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Reproduce the chapter' })).toBeDisabled();

  // The page stays usable while the reproduction runs: a new head width is measured and drawn.
  await widget.getByRole('button', { name: 'd_k = 64' }).click();
  await expect(rawReadout(widget)).toContainText('d_k = 64, 20,000 draws');
  await expect(progress).toBeVisible();

  await expect(widget.getByRole('status').filter({ hasText: 'Done, with seed 1.' })).toBeVisible({ timeout: 200_000 });
  await expect(progress).toBeHidden();

  const attn = await loadWasmAttn();
  const varianceTable = widget.getByRole('table', { name: /Variance of the scores, 200,000 draws per width/ });
  const chapter = { 32: '0.9987', 64: '1.0040', 128: '1.0029', 256: '1.0038' };
  for (const dk of [32, 64, 128, 256]) {
    const cells = await varianceTable.getByRole('row', { name: new RegExp(`^${dk} `) }).getByRole('cell').allTextContents();
    const [ours, theirs, scaled, one, verdict] = cells;
    expect(Math.abs(number(ours) - 1)).toBeLessThanOrEqual(0.015);
    expect(Math.abs(number(scaled) - 1)).toBeLessThanOrEqual(0.015);
    expect([theirs, one, verdict]).toEqual([chapter[dk], '1.0', 'yes']);
    if (dk <= 64) { // the same seed gives the same numbers in node (the larger widths are left to the WASM tests)
      expect(ours).toBe(attn.scoreStats({ dk, draws: 200_000, seed: 1, bins: 1 }).ratio.toFixed(4));
      expect(scaled).toBe(attn.scoreStats({ dk, draws: 200_000, seed: 2, scaled: true, bins: 1 }).ratio.toFixed(4));
    }
  }

  const saturationTable = widget.getByRole('table', { name: /Saturation, 500 trials at d_k = 128 with 64 keys/ });
  const row = (name) => saturationTable.getByRole('row', { name }).getByRole('cell').allTextContents();
  const [rawOurs, rawChapter, rawVerdict] = await row(/^raw trials/);
  expect(number(rawOurs)).toBeGreaterThanOrEqual(28);
  expect(number(rawOurs)).toBeLessThanOrEqual(42);
  expect([rawChapter, rawVerdict.startsWith('yes')]).toEqual(['35%', true]);
  const node = attn.saturation({ dk: 128, keys: 64, trials: 500, threshold: 0.99, seed: 1 });
  expect(rawOurs).toBe(`${(100 * node.fraction).toFixed(1)}%`);
  expect(await row(/^scaled trials/)).toEqual(['0.0%', '0%', 'yes']);
  const [gradOurs, gradChapter, gradVerdict] = await row(/^mean p\(1 − p\)/);
  expect(gradOurs).toBe(node.meanGrad.toFixed(4));
  expect(gradChapter).toBe('0.0020');
  // The verdict is a band of our own trials' slopes (mean ± 2 standard errors), not a bound every
  // saturated trial meets (any p_max over 0.99 has p(1 − p) below 0.0099).
  const slopes = [...node.pmax].filter((p) => p > 0.99).map((p) => p * (1 - p));
  const mean = slopes.reduce((a, b) => a + b, 0) / slopes.length;
  const se = Math.sqrt(slopes.reduce((a, b) => a + (b - mean) ** 2, 0) / (slopes.length - 1) / slopes.length);
  expect(gradVerdict).toBe(`yes (within ${(mean - 2 * se).toFixed(4)}–${(mean + 2 * se).toFixed(4)}: ours ± 2 standard errors, ${slopes.length} trials)`);
  // Per trial: one draw clears 0.99 while the next can fall short.
  const first = [...node.pmax.slice(0, 10)].map((p) => `${p.toFixed(4)}${p > 0.99 ? ' (over 0.99)' : ''}`);
  await expect(widget.getByText(/^p_max of the first ten raw trials: /)).toHaveText(`p_max of the first ten raw trials: ${first.join(', ')}. As the chapter says, one draw clears 0.99 while the next can fall short.`);

  // The gaps of 20 between the scores of those very trials, beside them: the chapter's settings
  // (d_k = 128, 64 keys, 500 trials, seed 1), not the live panel's d_k = 64 chosen meanwhile.
  const chapterPanel = widget.getByRole('region', { name: 'Reproduce the chapter' });
  const gapTable = chapterPanel.getByRole('table', { name: 'Gaps between scores, the same 500 trials' });
  const rawGaps = attn.scoreGaps({ dk: 128, keys: 64, trials: 500, seed: 1, gap: 20 });
  const scaledGaps = attn.scoreGaps({ dk: 128, keys: 64, trials: 500, seed: 1, gap: 20, scaled: true });
  await expect(gapTable.getByRole('row', { name: /^raw q·k/ }).getByRole('cell')).toHaveText([pairCell(rawGaps), rawGaps.meanTopGap.toFixed(2)]);
  await expect(gapTable.getByRole('row', { name: /^scaled/ }).getByRole('cell')).toHaveText([pairCell(scaledGaps), scaledGaps.meanTopGap.toFixed(2)]);
  await expect(chapterPanel.getByText(/^At d_k = /)).toHaveText(new RegExp(`^At d_k = 128, ${(100 * rawGaps.fraction).toFixed(1)}% of pairs of raw scores differ by more than 20, `
    + `.*the largest scaled one ${scaledGaps.meanTopGap.toFixed(2)}\.$`));
  // The live panel's sentence still describes the live panel's own trials.
  await expect(widget.getByText(/^At d_k = 64, [\d.]+% of pairs of raw scores differ by more than 20/)).toBeVisible();
  // The `reproduce` event carries them too, apart from the saturation results.
  const detail = await page.evaluate(() => ({ gaps: window.__reproduced.gaps, rawKeys: Object.keys(window.__reproduced.raw) }));
  expect(detail.gaps).toEqual({ raw: rawGaps, scaled: scaledGaps });
  expect(detail.rawKeys.sort()).toEqual(['fraction', 'meanGrad', 'pmax', 'saturated']);
  // The chapter's 1,000 trials were drawn once each, with their gaps.
  const chapterRun = (await experimentRuns(page)).find((run) => run.jobs.some((job) => job.kind === 'scoreStats' && job.dk === 256));
  expect(trialsDrawn(chapterRun)).toEqual({ raw: 500, scaled: 500, finished: 2 });
});

test('Cancel stops the reproduction and leaves the widget usable', async ({ page }) => {
  const widget = await openVariance(page);
  await widget.getByRole('button', { name: 'Reproduce the chapter' }).click();
  const progress = widget.getByRole('progressbar', { name: 'Reproducing the chapter' });
  await expect(progress).toBeVisible();
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeHidden();
  await expect(widget.getByText(/^Cancelled\./)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Reproduce the chapter' })).toBeEnabled();
  const varianceTable = widget.getByRole('table', { name: /Variance of the scores/ });
  await expect(varianceTable.getByRole('row', { name: /^32 / }).getByRole('cell').first()).toHaveText('—');
  await widget.getByRole('button', { name: 'd_k = 256' }).click();
  await expect(rawReadout(widget)).toContainText('d_k = 256');
});

test('bad input gets a message beside its control, and the last result stays', async ({ page }) => {
  const widget = await openVariance(page);
  await expect(rawReadout(widget)).toContainText('d_k = 128');
  const cases = [
    ['Head width d_k', '0', '“0” is not allowed: d_k must be a whole number from 1 to 512'],
    ['Head width d_k', '5000', '“5000” is not allowed: d_k must be a whole number from 1 to 512'],
    ['Draws', '0', 'the number of draws must be a whole number from 1 to 10,000,000'],
    ['Draws', '20000000', 'the number of draws must be a whole number from 1 to 10,000,000'],
    ['Seed', '1.5', '“1.5” is not allowed: the seed must be a whole number'],
    ['Keys per trial', '1', 'a softmax needs at least 2 keys'],
    ['Saturation threshold', '1', 'the threshold is a weight: a number strictly between 0 and 1'],
    ['Saturation threshold', '0', 'the threshold is a weight: a number strictly between 0 and 1'],
  ];
  const before = await rawReadout(widget).textContent();
  for (const [label, typed, message] of cases) {
    const input = widget.getByLabel(label);
    await input.fill(typed);
    await input.press('Enter');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.()]/g, '\\$&')));
    await expect(widget.getByText(message)).toBeVisible();
  }
  await expect(rawReadout(widget)).toHaveText(before);
  expect(await widget.getAttribute('dk')).toBeNull(); // not reflected: nothing good was committed

  const dk = widget.getByLabel('Head width d_k');
  await dk.fill('64');
  await dk.press('Enter');
  await expect(dk).not.toHaveAttribute('aria-invalid', 'true');
  await expect(rawReadout(widget)).toContainText('d_k = 64');
});

// ---------------------------------------------------------------- what a learner meets

test('ten million draws say how long they will take, and can be cancelled', async ({ page }) => {
  const widget = await openVariance(page);
  const draws = widget.getByLabel('Draws');
  await draws.fill('10000000');
  await draws.press('Enter');
  const progress = widget.getByRole('progressbar', { name: 'Measuring' });
  await expect(progress).toBeVisible();
  // From the pace of the run before it, then from its own: the time left, in words.
  await expect(widget.locator('.progress-row').first()).toContainText(/(about \d+ (s|min)|under a second) left/);
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeHidden();
});

test('“In words” states the last measurement', async ({ page }) => {
  const widget = await openVariance(page);
  const article = widget.getByRole('article', { name: /Why divide by √d_k/ });
  await expect(article).toHaveAccessibleDescription(/Now: at d_k = 128, 20,000 draws, the raw scores have variance [\d.]+ \([\d.]+ times d_k\), so a typical raw score is about ±11\.3, and the scaled ones [\d.]+; over 64 keys, [\d.]+% of raw softmax rows and 0\.0% of scaled ones put more than 0\.99 on one key; [\d.]+% of pairs of raw scores differ by more than 20, 0\.0% of scaled ones\. Raw scores at d_k = 64 are [\d.]+ ± [\d.]+ times as spread out as at d_k = 1\.$/);
  await widget.getByRole('button', { name: 'd_k = 32' }).click();
  await expect(article).toHaveAccessibleDescription(/Now: at d_k = 32, 20,000 draws/);
});

// ---------------------------------------------------------------- the typical score size

test('the typical score size ±√d_k beside the histogram: ±8 at d_k = 64, ±11.3 at 128', async ({ page }) => {
  const widget = await openVariance(page);
  await expect(rawReadout(widget)).toContainText('Typical score ±11.3 (√d_k; measured standard deviation');
  const measured = number((await rawReadout(widget).textContent()).match(/measured standard deviation (\S+)\)/)[1]);
  expect(Math.abs(measured - Math.sqrt(128))).toBeLessThan(0.3); // its standard error at 20,000 draws is about 0.06
  await widget.getByRole('button', { name: 'd_k = 64' }).click();
  await expect(rawReadout(widget)).toContainText('Typical score ±8 (√d_k; measured standard deviation');
  const attn = await loadWasmAttn();
  const node = attn.scoreStats({ dk: 64, draws: 20_000, seed: 1, bins: 1 });
  await expect(rawReadout(widget)).toContainText(`measured standard deviation ${Math.sqrt(node.variance).toFixed(2)})`);
});

test('the chapter’s “about 8× larger at d_k = 64 than at d_k = 1”, measured with its spread', async ({ page }) => {
  const widget = await openVariance(page);
  const readout = widget.getByText(/^std at d_k = 64 ÷ std at d_k = 1 = .* \(mean ± standard deviation over 10 batches/);
  await expect(readout).toBeVisible({ timeout: 30_000 });
  const [, mean, spread] = (await readout.textContent()).match(/= (\S+) ± (\S+) \(mean ± standard deviation over 10 batches/);
  // The same batches in node (batch b: seed 1 + b at d_k = 64, seed 1001 + b at d_k = 1).
  const attn = await loadWasmAttn();
  const ratios = Array.from({ length: 10 }, (_, b) => Math.sqrt(
    attn.scoreStats({ dk: 64, draws: 20_000, seed: 1 + b, bins: 1 }).variance
    / attn.scoreStats({ dk: 1, draws: 20_000, seed: 1001 + b, bins: 1 }).variance));
  const nodeMean = ratios.reduce((a, r) => a + r, 0) / 10;
  const nodeSpread = Math.sqrt(ratios.reduce((a, r) => a + (r - nodeMean) ** 2, 0) / 9);
  expect(mean).toBe(nodeMean.toFixed(2));
  expect(spread).toBe(nodeSpread.toFixed(2));
  // √64 = 8 within four standard errors of the mean; the spread is a few percent of 8, not zero.
  expect(Math.abs(Number(mean) - 8)).toBeLessThan((4 * Number(spread)) / Math.sqrt(10) + 0.01);
  expect(Number(spread)).toBeGreaterThan(0.01);
  expect(Number(spread)).toBeLessThan(0.5);
});

// ---------------------------------------------------------------- what a learner reported

/** Types `value` in the field labelled `label` and commits it. */
async function setField(widget, label, value) {
  const input = widget.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

test('a slope of 0 or below 0.0001 is said as it is, never “0.0000, about 1/Infinity”', async ({ page }) => {
  const widget = await openVariance(page);
  const attn = await loadWasmAttn();
  await setField(widget, 'Trials', '1');
  await setField(widget, 'Head width d_k', '512');
  await setField(widget, 'Keys per trial', '4096');
  expect(attn.saturation({ dk: 512, keys: 4096, trials: 1, threshold: 0.99, seed: 1 }).meanGrad).toBe(0);
  const table = widget.getByRole('table', { name: /^1 trial at d_k = 512 with 4,096 keys/ });
  await expect(table.getByRole('row', { name: /^raw q·k/ }).getByRole('cell')).toHaveText(['100.0% (1 of 1)', '0.0000']);
  await expect(widget.getByText('In the saturated raw trials the slope p(1 − p) is 0: every p_max is exactly 1 in 32-bit floats '
    + '(the other keys’ weights are below its precision), so no gradient at all gets through; the largest value the slope can take is 0.25 (at p = 0.5).', { exact: true })).toBeVisible();
  await expect(widget.getByText(/Infinity/)).toHaveCount(0);

  // A slope 4 decimals would show as 0.0000: a power of ten, and the fraction of 0.25 to 2 figures.
  await setField(widget, 'Head width d_k', '128');
  await setField(widget, 'Keys per trial', '8');
  const node = attn.saturation({ dk: 128, keys: 8, trials: 1, threshold: 0.99, seed: 1 }).meanGrad;
  expect(node.toExponential(1)).toBe('5.6e-6');
  await expect(widget.getByRole('table', { name: /^1 trial at d_k = 128 with 8 keys/ }).getByRole('row', { name: /^raw q·k/ }).getByRole('cell'))
    .toHaveText(['100.0% (1 of 1)', '5.6 × 10⁻⁶']);
  await expect(widget.getByText('In the saturated raw trials the slope p(1 − p) averages 5.6 × 10⁻⁶, about 1/45,000 of the largest value it can take, 0.25 (at p = 0.5).', { exact: true })).toBeVisible();
});

test('“In words” follows the keys and the threshold; at a small d_k the shape of the scores is said honestly', async ({ page }) => {
  const widget = await openVariance(page);
  const article = widget.getByRole('article', { name: /Why divide by √d_k/ });
  await expect(article).toHaveAccessibleDescription(/random softmax rows over 64 keys show how often one key takes more than 99% of the weight/);
  await setField(widget, 'Keys per trial', '256');
  await setField(widget, 'Saturation threshold', '0.999');
  await expect(article).toHaveAccessibleDescription(/random softmax rows over 256 keys show how often one key takes more than 99\.9% of the weight/);
  await expect(article).not.toHaveAccessibleDescription(/64 keys|99% of the weight/);
  // At d_k = 128 the scores are close to normal: no note.
  const note = widget.getByText(/^At d_k = \d+ each score is/);
  await expect(note).toHaveCount(0);
  await setField(widget, 'Head width d_k', '1');
  await expect(rawReadout(widget)).toContainText('d_k = 1, 20,000 draws');
  const one = 'At d_k = 1 each score is a single product of two normal numbers, which is not normal: it is more peaked at 0, with heavier tails '
    + '(excess kurtosis 6/d_k = 6, where a normal has 0), so the bars follow the curves only loosely. The curves give the variance the scores '
    + 'should have; their shape comes close to it as d_k grows.';
  await expect(note).toHaveText(one);
  await expect(article).toHaveAccessibleDescription(new RegExp(one.replace(/[.()/]/g, '\\$&')));
  await setField(widget, 'Head width d_k', '8');
  await expect(note).toHaveText(/^At d_k = 8 each score is a sum of only 8 products of two normal numbers, which is not quite normal: .*excess kurtosis 6\/d_k = 0\.75, .*only roughly\./);
  await widget.getByRole('button', { name: 'd_k = 32' }).click();
  await expect(note).toHaveCount(0);
});
