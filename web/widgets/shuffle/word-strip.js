// word-strip.js — the word strip of <attn-shuffle>: the sentence's words as a row of chips in
// the order in use, which a learner reorders by dragging a chip (mouse, pen or touch) or from the
// keyboard: ← / → move the focus, Shift+← / Shift+→ move the focused word one place, Shift+Home /
// Shift+End move it to an end. A move is handed to the widget (onMove), which sets the new order
// and draws the strip again; the moved word keeps the focus, and a screen reader hears where it
// went. Its parts, in the order they are placed: a hint, the strip, the announcer.
//
//   const strip = new WordStrip({ onMove: (from, to) => widget.act(…) });
//   body.append(...strip.elements);
//   strip.draw(words /* [{ text }] */, order /* original indices, in place order */);

import { h, replaceChildren, uniqueId } from '../../ui/dom.js';

/** How far (px) a pointer travels with the button down before a press becomes a drag. */
const DRAG_THRESHOLD = 5;

export class WordStrip {
  #words = [];
  #order = [];
  #focusWord = null; // the word to give the focus when the strip is drawn next (a moved one)

  /** @param {{ onMove: (from: number, to: number) => void }} o  places from 0 */
  constructor({ onMove }) {
    this.onMove = onMove;
    const hint = h('p', { className: 'hint screen-only', id: uniqueId('strip-hint') },
      'Drag a word to move it, or focus a word and press Shift + ← or Shift + → (Shift + Home or End to move it to an end).');
    this.list = h('ol', { className: 'word-strip', 'aria-label': 'Word order', 'aria-describedby': hint.id });
    this.announcer = h('p', { className: 'sr-only', 'aria-live': 'polite' });
    this.elements = [hint, this.list, this.announcer];
    this.#wireDragging();
  }

  /** Draws a chip per word in `order`; the focus stays on the word that had it (or was moved). */
  draw(words, order) {
    this.#words = words;
    this.#order = order;
    const focused = this.list.getRootNode().activeElement;
    const refocus = this.#focusWord ?? (this.list.contains(focused) ? Number(focused.dataset.word) : null);
    this.#focusWord = null;
    const n = order.length;
    replaceChildren(this.list, order.map((wordIndex, place) => {
      const chip = h('button', {
        type: 'button', className: wordIndex === place ? '' : 'moved',
        'aria-label': `${words[wordIndex].text}, place ${place + 1} of ${n}${wordIndex === place ? '' : `, was ${wordIndex + 1}`}`,
        'data-place': place, 'data-word': wordIndex,
        onkeydown: (event) => this.#onChipKey(event, place),
      }, words[wordIndex].text); // its place is the list's own numbering (shuffle-view.js), so the word is the whole label
      return h('li', {}, chip);
    }));
    if (refocus !== null && !Number.isNaN(refocus)) this.list.querySelector(`[data-word="${refocus}"]`)?.focus();
  }

  /** Moves the word at place `from` to place `to`, keeping the keyboard focus on it. */
  #move(from, to) {
    if (to < 0 || to >= this.#order.length || to === from) return;
    const wordIndex = this.#order[from];
    this.#focusWord = wordIndex;
    this.onMove(from, to);
    this.announcer.textContent = `“${this.#words[wordIndex].text}” moved to place ${to + 1} of ${this.#order.length}.`;
  }

  #onChipKey(event, place) {
    const last = this.#order.length - 1;
    const chips = [...this.list.querySelectorAll('button')];
    let handled = true;
    if (event.shiftKey && event.key === 'ArrowLeft') this.#move(place, place - 1);
    else if (event.shiftKey && event.key === 'ArrowRight') this.#move(place, place + 1);
    else if (event.shiftKey && event.key === 'Home') this.#move(place, 0);
    else if (event.shiftKey && event.key === 'End') this.#move(place, last);
    else if (event.key === 'ArrowLeft') chips[Math.max(0, place - 1)].focus();
    else if (event.key === 'ArrowRight') chips[Math.min(last, place + 1)].focus();
    else if (event.key === 'Home') chips[0].focus();
    else if (event.key === 'End') chips[last].focus();
    else handled = false;
    if (handled) event.preventDefault();
  }

  /** Pointer dragging (mouse, pen and touch alike) over the strip. */
  #wireDragging() {
    let drag = null;
    const chipAt = (x, y) => {
      let best = null, bestDistance = Infinity;
      this.list.querySelectorAll('button').forEach((chip, place) => {
        const box = chip.getBoundingClientRect();
        const dx = Math.max(box.left - x, 0, x - box.right), dy = Math.max(box.top - y, 0, y - box.bottom);
        const distance = dx * dx + dy * dy * 4; // prefer the chip on the pointer's line
        if (distance < bestDistance) [best, bestDistance] = [place, distance];
      });
      return best;
    };
    const clearMarks = () => this.list.querySelectorAll('.drop-target, .dragging')
      .forEach((chip) => chip.classList.remove('drop-target', 'dragging'));
    this.list.addEventListener('pointerdown', (event) => {
      const chip = event.target.closest?.('button');
      if (!chip || event.button !== 0) return;
      drag = { from: Number(chip.dataset.place), x: event.clientX, y: event.clientY, moving: false, to: null, chip };
      chip.setPointerCapture?.(event.pointerId);
    });
    this.list.addEventListener('pointermove', (event) => {
      if (!drag) return;
      if (!drag.moving && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD) return;
      drag.moving = true;
      drag.to = chipAt(event.clientX, event.clientY);
      clearMarks();
      drag.chip.classList.add('dragging');
      if (drag.to !== null && drag.to !== drag.from) this.list.querySelectorAll('button')[drag.to].classList.add('drop-target');
    });
    const finish = (event, commit) => {
      if (!drag) return;
      const { from, to, moving } = drag;
      drag = null;
      clearMarks();
      if (commit && moving && to !== null) this.#move(from, to);
      event.preventDefault?.();
    };
    this.list.addEventListener('pointerup', (event) => finish(event, true));
    this.list.addEventListener('pointercancel', (event) => finish(event, false));
  }
}
