// axe.spec.js — an axe-core audit (WCAG 2.0/2.1 A and AA, best practice, and label in name) of
// the lab, the embed page with each widget, and the example course page in both its themes, with
// every widget started and its panels opened, the light and the dark colour scheme each audited
// once for every content: zero violations. axe looks inside the widgets' open shadow roots.
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './helpers/fixtures.js';
import { WIDGETS } from '../../web/widgets/registry.js';
import { startAll } from './helpers/a11y-pages.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** WCAG 2.5.3, label in name: a control's accessible name holds its visible text. Older axe-core
 *  releases ship it as experimental and off; it is on here whatever the release. */
const RULES = { 'label-content-name-mismatch': { enabled: true } };

/** Runs axe (every rule of TAGS, or only `only`) and fails with a readable list of what it found. */
async function audit(page, only, where = '') {
  const builder = only ? new AxeBuilder({ page }).withRules(only) : new AxeBuilder({ page }).withTags(TAGS).options({ rules: RULES });
  const results = await builder.analyze();
  const ran = ['passes', 'violations', 'incomplete', 'inapplicable'].flatMap((list) => results[list].map((rule) => rule.id));
  for (const id of only ?? Object.keys(RULES)) expect(ran, `axe ran ${id}`).toContain(id);
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n')}`);
  expect(found, `axe violations${where ? ` (${where})` : ''}`).toEqual([]);
}

/** Opens the panels a reader can open: the editor's ops list, the embed-code boxes. */
async function openPanels(page) {
  for (const summary of await page.locator('summary').all()) {
    if (await summary.evaluate((el) => !el.parentElement.open)) {
      await summary.scrollIntoViewIfNeeded();
      await summary.click();
    }
  }
}

// Each content once: the whole lab page (its own parts and every widget) in the light scheme;
// every widget on its embed page in the dark scheme at 320 px wide (tables and maps scroll); the
// lab page's own parts in the dark scheme at 320 px; the course page's author colours in each of
// its two themes and both schemes (four palettes: colour rules on each, every rule on one).
test.describe('light scheme', () => {
  test.use({ colorScheme: 'light' });

  // The whole page with every widget started and every panel opened, then audited.
  test('the lab page has no axe violations', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await startAll(page);
    await openPanels(page);
    await audit(page);
  });
});

test.describe('dark scheme at 320 px wide', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 320, height: 800 } });

  // The page's own parts (header, contents, sections, embed-code boxes): its widgets are audited
  // started, one by one, on their embed pages below.
  test('the lab page’s own parts have no axe violations', async ({ page }) => {
    await page.goto('/?authors'); // with the embed-code controls an author turns on
    await openPanels(page);
    await audit(page);
  });

  for (const { name, tag } of WIDGETS) {
    test(`embed.html?widget=${name} has no axe violations`, async ({ page }) => {
      await page.goto(`/embed.html?widget=${name}`);
      // embed.js adds the element once its module has loaded: until then there is nothing to start.
      await expect(page.locator(tag)).toHaveCount(1);
      await startAll(page);
      await openPanels(page);
      await audit(page);
    });
  }
});

// The course page in each of its two themes (Paper, the default, and Slate), each with a light
// and a dark palette for the widgets: an author's colours must keep the widgets' contrast. The
// four palettes hold the same elements, so the whole audit runs on one of them (Paper, light) and
// the rules that read colours (contrast, and links told apart from their text) on all four, one
// page switched in place by its own theme radios and the colour scheme (one load, one start).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
test('the example course page has no axe violations in Paper, light, and none of colour in its other three palettes', async ({ page }) => {
  test.slow();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/examples/course.html?theme=paper');
  await expect(page.getByRole('radio', { name: 'Paper' })).toBeChecked();
  await startAll(page);
  await openPanels(page);
  await audit(page);
  for (const [scheme, theme] of [['light', 'slate'], ['dark', 'slate'], ['dark', 'paper']]) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole('radio', { name: theme === 'paper' ? 'Paper' : 'Slate' }).check();
    if (theme === 'slate') await expect(page.locator('html')).toHaveAttribute('data-theme', 'slate');
    else await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await audit(page, COLOUR_RULES, `${theme}, ${scheme}`);
  }
});
