// figures.spec.js — every chart and heatmap can leave the lab (web/ui/figure-export.js): on the
// lab page, with every widget started, every canvas names its downloads (or is marked as a picture
// of numbers other figures export), and each figure's PNG, SVG and CSV are downloaded by keyboard
// and opened: the PNG is a PNG at least as large as the drawing, the SVG is vector with the
// figure's title, its axis titles and (for a heatmap) every row and column label, and the CSV
// holds exactly the data table's headers, numbers and notes.
import { readFileSync } from 'node:fs';
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { startAll, TAGS } from './helpers/a11y-pages.js';

// A figure's downloads wait for its widget's numbers (some measure in a worker after they start),
// which on a loaded two-core machine can take most of Playwright's default 30 s.
test.describe.configure({ timeout: 90_000 });

/** RFC 4180 CSV → rows of fields. */
function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += c;
  }
  return rows;
}

/** The data table of a download group's figure, opened and read as strings: headers, data-values, notes. */
async function dataTable(group) {
  const view = group.locator('xpath=ancestor::div[contains(@class, "data-table-view")][1]');
  const toggle = view.getByRole('button', { name: /data as a table|Hide the data table/ });
  if (await toggle.getAttribute('aria-expanded') === 'false') await toggle.click();
  return view.locator('table').evaluate((table) => ({
    headers: [...table.tHead.rows[0].cells].map((c) => c.textContent),
    rows: [...table.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.dataset.value)),
    notes: table.tFoot ? [...table.tFoot.rows].map((r) => [r.cells[0].textContent, r.cells[1].dataset.value]) : [],
  }));
}

/**
 * Presses a download button by keyboard; returns the file's name and contents. The buttons are
 * disabled until their figure has numbers (a widget measuring in its worker draws them after it
 * has started), and a disabled button cannot take the focus: the button is waited for until it is
 * enabled, and focused before each press. Headless Chromium dropped one of this test's ~75
 * downloads in a CI run: the page said "Saved …" (its link was clicked) and no download came, so
 * the test waited out its four minutes. A download that does not come within 20 s is asked for
 * once more; a second miss fails.
 */
async function download(page, button) {
  await expect(button).toBeEnabled({ timeout: 60_000 });
  for (let attempt = 1; ; attempt += 1) {
    await button.focus();
    await expect(button).toBeFocused();
    try {
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.keyboard.press('Enter')]);
      return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
    } catch (error) {
      if (attempt === 2 || !/Timeout/.test(error.message)) throw error;
    }
  }
}

test('every canvas of every widget names its downloads (PNG, SVG, CSV), or is a picture of numbers exported elsewhere', async ({ page }) => {
  await page.goto('/');
  await startAll(page);
  await page.locator('attn-heads').getByRole('tab', { name: 'All four' }).click();
  for (const tag of TAGS) {
    // Every canvas drawn (a chart that appears only after an action, hidden until then, is not yet).
    const canvases = await page.locator(tag).first().evaluate((el) => [...el.shadowRoot.querySelectorAll('canvas')].filter((canvas) => canvas.checkVisibility()).map((canvas) => {
      const group = canvas.dataset.downloads ? el.shadowRoot.getElementById(canvas.dataset.downloads) : null;
      return {
        illustration: Boolean(canvas.closest('[data-illustration]')),
        buttons: group ? [...group.querySelectorAll('button')].map((b) => b.textContent) : null,
      };
    }));
    for (const canvas of canvases) {
      if (canvas.illustration) continue;
      expect(canvas.buttons, `${tag}: a canvas without its downloads`).toEqual(['PNG', 'SVG', 'CSV']);
    }
  }
});

test('each figure’s PNG, SVG and CSV, downloaded by keyboard, hold the drawing, its labels and the data table', async ({ page }) => {
  test.slow();
  await page.goto('/');
  await startAll(page);
  let figures = 0;
  for (const tag of TAGS) {
    const groups = page.locator(tag).getByRole('group', { name: /^Download “.*” as$/ });
    for (let i = 0; i < await groups.count(); i++) {
      const group = groups.nth(i);
      await group.scrollIntoViewIfNeeded();
      const title = (await group.getAttribute('aria-label')).replace(/^Download “(.*)” as$/, '$1');
      const table = await dataTable(group);
      const drawing = await group.evaluate((g) => {
        const canvas = g.getRootNode().querySelector(`canvas[data-downloads="${g.id}"]`);
        return { width: canvas.width, height: canvas.height };
      });

      const png = await download(page, group.getByRole('button', { name: 'PNG' }));
      expect(png.name, title).toMatch(new RegExp(`^${tag.replace('attn-', '')}-[a-z0-9-]+\\.png$`));
      expect([...png.bytes.subarray(0, 8)], `${title}: a PNG`).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
      expect(png.bytes.readUInt32BE(16), `${title}: PNG width`).toBe(drawing.width);
      expect(png.bytes.readUInt32BE(20), `${title}: PNG height (the drawing under a title band)`).toBeGreaterThan(drawing.height);

      const svg = await download(page, group.getByRole('button', { name: 'SVG' }));
      expect(svg.name).toBe(png.name.replace(/png$/, 'svg'));
      const text = svg.bytes.toString('utf8');
      const texts = await page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
        if (doc.querySelector('parsererror')) return null;
        return { title: doc.querySelector('title')?.textContent, all: [...doc.querySelectorAll('text')].map((t) => t.textContent),
          axes: [...doc.querySelectorAll('text.axis-title')].map((t) => t.textContent), shapes: doc.querySelectorAll('rect, polyline, circle').length };
      }, text);
      expect(texts, `${title}: the SVG parses`).not.toBeNull();
      expect(texts.title).toBe(title);
      expect(texts.all).toContain(title.replace(/\^(?=[A-Za-z])/g, '')); // the title line raises W^Q's Q (a tspan)
      expect(texts.shapes).toBeGreaterThan(3);
      const first = table.headers[0];
      if (/ ↓, .* →$/.test(first)) {
        // A heatmap: its two axis titles, and every row and column label of the table.
        const [rowTitle, colTitle] = first.replace(' →', '').split(' ↓, ');
        expect(texts.axes).toEqual([`${rowTitle} (rows)`, `${colTitle} (columns)`]);
        const label = (header) => header.replace(/^\d+ “(.*)”$/, '$1');
        for (const header of table.headers.slice(1)) expect(texts.all, `${title}: column ${header}`).toContain(label(header));
        for (const row of table.rows) expect(texts.all, `${title}: row ${row[0]}`).toContain(label(row[0]));
      } else {
        // A chart: the x axis's title (the table's first column, or inside it), and the y axis's.
        expect(texts.axes).toHaveLength(2);
        expect(first.includes(texts.axes[0]), `${title}: x axis “${texts.axes[0]}” against the table's “${first}”`).toBe(true);
        for (const series of table.headers.slice(1).filter((h) => !/^(from|to|count)$|density$/.test(h))) expect(texts.all, `${title}: legend ${series}`).toContain(series);
      }

      const csv = await download(page, group.getByRole('button', { name: 'CSV' }));
      expect(csv.name).toBe(png.name.replace(/png$/, 'csv'));
      const rows = parseCsv(csv.bytes.toString('utf8'));
      expect(rows[0], `${title}: CSV header`).toEqual(table.headers);
      expect(rows.slice(1, 1 + table.rows.length), `${title}: CSV rows`).toEqual(table.rows);
      expect(rows.slice(1 + table.rows.length), `${title}: CSV notes`).toEqual(table.notes);
      figures += 1;
    }
  }
  expect(figures, 'figures downloaded').toBeGreaterThanOrEqual(8);
});

test('the known axis titles of the lab’s charts are in their SVGs', async ({ page }) => {
  await page.goto('/');
  await startAll(page);
  const expected = [
    ['attn-variance', 'Raw scores q·k', ['score q·k', 'density']],
    ['attn-cost', 'Log–log chart of the cost terms against N', ['N (tokens)', 'multiply-adds']],
    ['attn-train', /^Loss curves/, ['step', 'loss (nats per character)']],
  ];
  for (const [tag, title, axes] of expected) {
    const group = page.locator(tag).getByRole('group', { name: typeof title === 'string' ? `Download “${title}” as` : /^Download “Loss curves/ });
    await group.scrollIntoViewIfNeeded();
    const svg = (await download(page, group.getByRole('button', { name: 'SVG' }))).bytes.toString('utf8');
    for (const axis of axes) expect(svg, `${tag}: ${axis}`).toContain(`class="axis-title">${axis.replace(/&/g, '&amp;')}</text>`);
  }
});

test('a dashed series has a dashed sample in its legend, on the page and in the SVG', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('attn-bottleneck');
  await widget.scrollIntoViewIfNeeded();
  await whenStarted(widget);
  const legend = () => widget.evaluate((el) => (el.chart.chart?.legend?.legendItems ?? []).map((item) => ({ text: item.text, pointStyle: item.pointStyle, dash: item.lineDash ?? [] })));
  await expect.poll(legend).toEqual([
    { text: 'one summary of width d = 64', pointStyle: 'line', dash: [6, 4] },
    { text: 'attention over every state', pointStyle: 'line', dash: [] },
  ]);
  const svg = await download(page, widget.getByRole('group', { name: /^Download “Tokens recovered/ }).getByRole('button', { name: 'SVG' }));
  const samples = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    // A legend entry: a group of its sample and its name.
    return [...doc.querySelectorAll('g')].filter((g) => g.children.length === 2 && g.children[0].localName === 'line' && g.children[1].localName === 'text')
      .map((g) => ({ text: g.children[1].textContent, dash: g.children[0].getAttribute('stroke-dasharray') }));
  }, svg.bytes.toString('utf8'));
  expect(samples).toEqual([
    { text: 'one summary of width d = 64', dash: '6 4' },
    { text: 'attention over every state', dash: null },
  ]);
});

test('a log–log chart names each series by the look it is drawn with: its dash, or its point', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('attn-cost');
  await widget.scrollIntoViewIfNeeded();
  await whenStarted(widget);
  // What each series is drawn with, beside its legend entry's sample.
  const looks = () => widget.evaluate((el) => {
    const chart = el.chart?.chart;
    return (chart?.legend?.legendItems ?? []).map((item) => {
      const dataset = chart.data.datasets[item.datasetIndex];
      return { text: item.text, sample: item.pointStyle, dash: item.lineDash ?? [], drawnDash: dataset.showLine === false ? null : dataset.borderDash, drawnPoint: dataset.showLine === false ? dataset.pointStyle : null };
    });
  });
  await expect.poll(looks).toEqual([
    { text: 'linear term 4·N·d²', sample: 'line', dash: [], drawnDash: [], drawnPoint: null },
    { text: 'quadratic term 2·N²·d', sample: 'line', dash: [6, 4], drawnDash: [6, 4], drawnPoint: null },
    { text: 'total', sample: 'line', dash: [2, 3], drawnDash: [2, 3], drawnPoint: null },
    { text: 'chosen N', sample: 'rectRot', dash: [], drawnDash: null, drawnPoint: 'rectRot' },
    { text: 'crossover N = 1,024', sample: 'line', dash: [3, 3], drawnDash: [3, 3], drawnPoint: null },
  ]);
  const svg = await download(page, widget.getByRole('group', { name: /^Download “Log–log chart of the cost terms/ }).getByRole('button', { name: 'SVG' }));
  const samples = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    // A legend entry: a group of its sample and its name.
    const entries = [...doc.querySelectorAll('g')].filter((g) => g.children.length === 2 && g.children[1].localName === 'text');
    return entries.map((g) => ({ text: g.children[1].textContent, sample: g.children[0].localName, dash: g.children[0].getAttribute('stroke-dasharray') }));
  }, svg.bytes.toString('utf8'));
  expect(samples).toEqual([
    { text: 'linear term 4·N·d²', sample: 'line', dash: null },
    { text: 'quadratic term 2·N²·d', sample: 'line', dash: '6 4' },
    { text: 'total', sample: 'line', dash: '2 3' },
    { text: 'chosen N', sample: 'polygon', dash: null },
    { text: 'crossover N = 1,024', sample: 'line', dash: '3 3' },
  ]);
});

test('a heatmap whose column labels are one character each writes them upright, on the page and in the SVG', async ({ page }) => {
  await page.goto('/#decode');
  const widget = page.locator('attn-decode');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByText(/^Decoding with the shipped model/)).toBeVisible({ timeout: 30_000 });
  const group = widget.getByRole('group', { name: /^Download “Cached keys, layer 1, head 1/ });
  const svg = (await download(page, group.getByRole('button', { name: 'SVG' }))).bytes.toString('utf8');
  const columns = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    // The column labels: one character each, centred over their column (row labels end at the
    // rows' left; a turned label has a rotate() instead).
    return [...doc.querySelectorAll('text')].filter((t) => [...t.textContent].length === 1 && (t.getAttribute('text-anchor') === 'middle' || /rotate/.test(t.getAttribute('transform') ?? '')))
      .map((t) => ({ text: t.textContent, turned: /rotate/.test(t.getAttribute('transform') ?? '') }));
  }, svg);
  expect(columns.map((c) => c.text).join('')).toBe('the␣queen␣said␣');
  expect(columns.every((c) => !c.turned)).toBe(true);
});

test('an exported SVG is in the widget’s font (--attn-font), a heatmap’s and a chart’s', async ({ page }) => {
  await page.goto('/');
  await page.locator('html').evaluate((el) => el.style.setProperty('--attn-font', 'Georgia, "Times New Roman", serif'));
  for (const [tag, name] of [['attn-masks', /^Download “Attention weights/], ['attn-cost', /^Download “Log–log chart of the cost terms/]]) {
    const widget = page.locator(tag);
    await widget.scrollIntoViewIfNeeded();
    await whenStarted(widget);
    const svg = (await download(page, widget.getByRole('group', { name }).first().getByRole('button', { name: 'SVG' }))).bytes.toString('utf8');
    expect(svg.match(/<svg [^>]*font-family="([^"]*)"/)?.[1], tag).toBe('Georgia, &quot;Times New Roman&quot;, serif');
  }
});

// Under "Increase contrast" the theme's greys are color-mix() of its text and background colours
// (theme.js), which the browser computes to color(srgb …) and standalone SVG viewers (Inkscape,
// rsvg, older browsers) cannot read: an exported SVG holds every colour as a plain rgb() or #hex,
// equal to the colour on the screen.
for (const colorScheme of ['light', 'dark']) {
  test(`with more contrast (${colorScheme}), an exported SVG's colours are plain rgb() equal to the screen's`, async ({ page }) => {
    await page.emulateMedia({ contrast: 'more', colorScheme });
    await page.goto('/');
    /** A computed colour as 8-bit [r, g, b]: rgb(…) as it is, color(srgb r g b) scaled (a mix computes to that). */
    const bytes = (colour) => {
      const srgb = colour.match(/^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/);
      return srgb ? srgb.slice(1).map((x) => Math.round(Number(x) * 255)) : colour.match(/\d+/g).slice(0, 3).map(Number);
    };
    const checked = [
      // [widget, its download group, the SVG element whose colour is a theme grey, its attribute, the on-screen grey]
      ['attn-bottleneck', /^Download “Tokens recovered/, 'svg > g rect[fill="none"]', 'stroke', '--attn-border'],
      ['attn-masks', /^Download “Attention weights/, 'pattern#blocked line', 'stroke', '--attn-muted'],
    ];
    for (const [tag, name, selector, attribute, token] of checked) {
      const widget = page.locator(tag);
      await widget.scrollIntoViewIfNeeded();
      await whenStarted(widget);
      const group = widget.getByRole('group', { name }).first();
      const onScreen = await group.evaluate((el, property) => {
        const probe = document.createElement('span');
        probe.style.color = `var(${property})`;
        el.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return { token: getComputedStyle(el).getPropertyValue(property), colour };
      }, token);
      expect(onScreen.token, `${tag}: the grey is a mix under more contrast`).toMatch(/^color\(srgb /);
      const svg = (await download(page, group.getByRole('button', { name: 'SVG' }))).bytes.toString('utf8');
      expect(svg, tag).not.toContain('color-mix(');
      expect(svg, tag).not.toContain('var(');
      const colours = [...svg.matchAll(/\b(?:fill|stroke|stop-color)="([^"]*)"/g)].map((m) => m[1]);
      expect(colours.filter((c) => !/^(#[0-9a-f]{3,8}|rgba?\([\d.,\s]*\)|url\(#[\w-]+\)|none)$/i.test(c)), `${tag}: colours a viewer cannot read`).toEqual([]);
      const written = await page.evaluate(([source, css, name]) => new DOMParser().parseFromString(source, 'image/svg+xml').querySelector(css)?.getAttribute(name), [svg, selector, attribute]);
      expect(written, `${tag}: ${selector}`).toMatch(/^rgb\(/);
      bytes(written).forEach((value, i) => expect(Math.abs(value - bytes(onScreen.colour)[i]), `${tag}: ${written} against ${onScreen.colour}`).toBeLessThanOrEqual(1));
    }
  });
}
