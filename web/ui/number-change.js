// number-change.js — a number field's `change` event whenever its text changed. The browser fires
// `change` when a field's value changed, but a number field holding text it cannot read as a
// number ("1e", or "1e309", a number too large for it) has the value '', as an empty field has:
// typing "1e309" where the field was empty, or emptying it after "1e309", changes no value and
// fires nothing, so the sentence beside the field still spoke of the text before (“Nothing was
// entered” under "1e309"). Here a number field that had input since its last `change` gets one
// when it loses the focus without the browser's (which comes before the focus leaves). Widgets
// read their fields on `change` (widget-base.js bindField, and their own), so every number field
// of every widget, in its shadow root, is answered about what it holds; a number field of the page
// itself is left alone. Installed once per
// document when this module is first imported (number-field.js imports it).

const typed = new WeakSet();   // number fields with input since their last `change`
const watched = new WeakSet(); // number fields listened to

/** A number field of one of the lab's widgets (in an attn-* element's shadow root): a page's own
 *  fields are the page's business, and get no event from here. */
const isWidgetNumberField = (element) => element?.localName === 'input' && element.type === 'number'
  && (element.getRootNode().host?.localName ?? '').startsWith('attn-');

/** The field loses the focus: a `change`, unless the browser's came (it comes before `blur`). */
function left(event) {
  const field = event.target;
  if (!typed.has(field)) return;
  typed.delete(field);
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Listens, on `doc`, for input into number fields (in open shadow roots too: `input` leaves them,
 *  while `change`, and `blur` when the focus stays in the same shadow root, do not), and from the
 *  first, to the field's own `change` and `blur`. */
export function watchNumberFields(doc) {
  doc.addEventListener('input', (event) => {
    const field = event.composedPath()[0];
    if (!isWidgetNumberField(field)) return;
    typed.add(field);
    if (watched.has(field)) return;
    watched.add(field);
    field.addEventListener('change', () => typed.delete(field));
    field.addEventListener('blur', left);
  }, true);
}

if (typeof document !== 'undefined') watchNumberFields(document);
