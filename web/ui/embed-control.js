// embed-control.js — the "Copy embed code" control a widget shows when it has the embed-code
// attribute (the lab page turns it on): a button that copies both embed forms with the widget's
// current settings, and "Show the embed code" with the same text for copying by hand.
//
//   widget.root.append(buildEmbedControl(widget));   // widget: an AttnWidget

import { h, uniqueId } from './dom.js';
import { actionButton } from './action-button.js';

export function buildEmbedControl(widget) {
  const elementId = uniqueId('embed-element'), iframeId = uniqueId('embed-iframe');
  const elementText = h('textarea', { id: elementId, readonly: true, rows: 3, spellcheck: 'false' });
  const iframeText = h('textarea', { id: iframeId, readonly: true, rows: 4, spellcheck: 'false' });
  const done = h('span', { className: 'embed-done', 'aria-live': 'polite' });
  const details = h('details', { className: 'embed-details' },
    h('summary', {}, 'Show the embed code'),
    h('p', {}, 'Paste either form into a page; both keep the settings shown above.'),
    h('label', { for: elementId }, 'Script and element'), elementText,
    h('label', { for: iframeId }, 'Iframe (sizes itself with embed-resize.js)'), iframeText);
  const refresh = () => {
    const code = widget.embedSnippets();
    elementText.value = code.element;
    iframeText.value = code.iframe;
    return code;
  };
  const copy = async () => {
    const code = refresh();
    try {
      await navigator.clipboard.writeText(code.both);
      done.textContent = 'Copied both forms to the clipboard.';
    } catch {
      details.open = true;
      elementText.focus();
      elementText.select();
      done.textContent = 'The clipboard is not available here: select and copy the code below.';
    }
  };
  const button = actionButton({ className: 'secondary', part: 'embed-button', onclick: copy }, 'Copy embed code');
  details.addEventListener('toggle', () => { if (details.open) refresh(); });
  widget.addEventListener('change', () => { if (details.open) refresh(); done.textContent = ''; });
  return h('div', { className: 'embed', part: 'embed' }, h('div', { className: 'toolbar' }, button, done), details);
}
