// editor.js — the steps the editor's browser tests share: opening <attn-editor> on its own page
// (`embed.html?widget=editor`, not the whole lab; or the lab's, beside the training lab) until its code box and check are ready, and
// replacing its code as a person would.
//
//   const widget = await openEditor(page);
//   await setCode(page, widget, 'function attention(ops, q, k, v) { … }');
import { expect } from './fixtures.js';
import { openWidget } from './open.js';

export const CODE_BOX = 'Your attention function (JavaScript)';

/** Waits until `widget` (an <attn-editor>) shows its code box and its check can be pressed. */
export async function editorReady(widget) {
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByRole('textbox', { name: CODE_BOX })).toBeVisible({ timeout: 20_000 });
  await expect(widget.getByRole('button', { name: 'Check against reference' })).toBeEnabled();
  return widget;
}

/** Opens <attn-editor> alone (with the attributes `query`, e.g. { 'race-steps': 60 }) and waits
 *  until it is ready; returns its locator. */
export async function openEditor(page, query = '') {
  return editorReady(await openWidget(page, 'editor', { ready: 'none', query }));
}

/** The lab page's editor, for a test that needs the training lab on the same page too (when
 *  the lab is open already only the hash changes); returns its locator once it is ready. */
export async function openEditorInLab(page) {
  await page.goto('/#editor');
  return editorReady(page.locator('attn-editor'));
}

/** Replaces the editor's text as a person would: select all, then type (paste) the new code. */
export async function setCode(page, widget, code) {
  await widget.getByRole('textbox', { name: CODE_BOX }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}
