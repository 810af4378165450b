// glossary.spec.js — the lab page's glossary and references: every term of the lab text's vocabulary
// is an entry; every entry is linked from the first place its term appears in the prose and links
// back there; following the links moves there; the references list the works the seeds cite.
import { test, expect } from './helpers/fixtures.js';

const VOCABULARY = ['Query', 'Key', 'Value', 'Attention weights', 'Causal mask', 'Head', 'Scaling factor', 'Attention sink'];

test('every glossary entry is linked from its first use and links back', async ({ page }) => {
  await page.goto('/');
  const glossary = page.locator('#glossary dl');
  const terms = await glossary.locator('dt').evaluateAll((dts) => dts.map((dt) => ({ id: dt.id, term: dt.textContent.trim() })));
  for (const term of VOCABULARY) expect(terms.map((t) => t.term), `the glossary has “${term}”`).toContain(term);
  expect(terms.length).toBeGreaterThanOrEqual(20);
  for (const { id, term } of terms) {
    const uses = page.locator(`main a.term[href="#${id}"]`);
    await expect(uses, `one link to “${term}”`).toHaveCount(1);
    const useId = await uses.getAttribute('id');
    // The back link sits in the entry and names the section of the first use.
    const back = page.locator(`#${id} + dd a.back`);
    await expect(back).toHaveAttribute('href', `#${useId}`);
    const section = await uses.evaluate((a) => a.closest('section').querySelector('h2').textContent.trim());
    await expect(back).toHaveText(`First used in “${section}”`);
    // The first use comes before the glossary, outside headings.
    expect(await uses.evaluate((a) => !a.closest('h1, h2, h3, #glossary, #references'))).toBe(true);
  }
  // The seed's terms land where the chapter uses them first.
  await expect(page.locator('#use-query')).toHaveText('query');
  await expect(page.locator('#use-causal-mask')).toHaveText('causal mask');
  expect(await page.locator('#use-query').evaluate((a) => a.closest('section').id)).toBe('s6-1');
});

test('following a term to its entry and back', async ({ page }) => {
  await page.goto('/');
  await page.locator('#use-softmax').click();
  await expect(page).toHaveURL(/#g-softmax$/);
  await expect(page.locator('#g-softmax')).toBeInViewport();
  await page.locator('#g-softmax + dd a.back').click();
  await expect(page.locator('#use-softmax')).toBeInViewport();
});

test('the references: the works the seeds cite, each with what it contributed', async ({ page }) => {
  await page.goto('/#references');
  const items = page.locator('#references li');
  await expect(items).toHaveCount(6);
  for (const [id, text] of [
    ['ref-vaswani', /Attention Is All You Need.*Vaswani et al\., NeurIPS 2017.*§3\.2/s],
    ['ref-bahdanau', /Bahdanau, Cho and Bengio, 2014.*weighted average/s],
    ['ref-lee', /Set Transformer.*Lee et al\., ICML 2019.*permutation-equivariance/s],
    ['ref-su', /Su et al\., 2021.*Rotary/s],
    ['ref-elhage', /Elhage et\s+al\., Anthropic, 2021.*induction heads/s],
    ['ref-dao', /FlashAttention.*Dao et al\., 2022.*never materialising/s],
  ]) await expect(page.locator(`#${id}`)).toHaveText(text);
});
