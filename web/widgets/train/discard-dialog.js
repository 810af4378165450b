// discard-dialog.js — asks before the training lab throws a trained model away (Build model,
// Reset): a modal alert dialog whose safe choice, "Keep it", has the focus; Escape keeps it too.
// Tab and Shift+Tab go round its two buttons only. When it closes, the focus goes back to the
// button that opened it.
//
//   const ask = new DiscardDialog('h4');  root.append(ask.element);
//   if (await ask.ask({ title: 'Throw away …?', text: '…', discard: 'Build the new model' })) build();

import { h, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';

export class DiscardDialog {
  /** @param {string} heading  the title's tag (a level under the widget's title) */
  constructor(heading = 'h4') {
    const titleId = uniqueId('discard-title'), textId = uniqueId('discard-text');
    this.title = h(heading, { className: 'dialog-title', id: titleId });
    this.text = h('p', { id: textId });
    this.keep = actionButton({ onclick: () => this.element.close('keep') }, 'Keep it');
    this.discard = actionButton({ className: 'secondary', onclick: () => this.element.close('discard') }, 'Throw it away');
    this.element = h('dialog', {
      className: 'discard-dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'aria-describedby': textId,
    }, this.title, this.text, h('div', { className: 'toolbar' }, this.keep, this.discard));
    this.element.addEventListener('keydown', (event) => this.#trapTab(event));
  }

  /**
   * Opens the dialog with `title`, `text` and the label of the button that throws the model away
   * (`discard`); resolves to true when that button was pressed, false for "Keep it" or Escape.
   */
  ask({ title, text, discard }) {
    const opener = this.element.getRootNode().activeElement;
    this.title.textContent = title;
    this.text.textContent = text;
    this.discard.textContent = discard;
    this.element.returnValue = '';
    return new Promise((resolve) => {
      this.element.addEventListener('close', () => {
        opener?.focus?.();
        resolve(this.element.returnValue === 'discard');
      }, { once: true });
      this.element.showModal();
      this.keep.focus();
    });
  }

  /** Tab from the last button goes to the first, Shift+Tab from the first to the last. */
  #trapTab(event) {
    if (event.key !== 'Tab') return;
    const buttons = [this.keep, this.discard];
    const at = buttons.indexOf(this.element.getRootNode().activeElement);
    const next = event.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : (at === buttons.length - 1 || at < 0 ? 0 : at + 1);
    event.preventDefault();
    buttons[next].focus();
  }
}
