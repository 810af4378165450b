// train-lab.js — finds the <attn-train> that <attn-editor>'s "Use my attention" (and its Start,
// Pause and "Use the built-in") drives: the one whose id is in the editor's `train` attribute, or
// the first on the page. When there is none to drive, it throws an Error whose message says why
// in words an author can act on: no element has that id (and which ids the page's training labs
// do have), the element with that id is not a training lab, or the page has no training lab.

import { quote } from '../../ui/attribute-types.js';

const TAG = 'attn-train';
const NONE = `There is no training lab (<${TAG}>) on this page to use it in.`;

/** The training lab named by `id` ('' for the first on the page) in `doc`; throws when there is none. */
export function findTrainLab(id, doc = document) {
  const lab = id ? doc.getElementById(id) : doc.querySelector(TAG);
  if (!lab) throw labError(id ? `No element on this page has id ${quote(id)}, which the editor’s train attribute names. ${otherLabs(doc, id)}` : NONE, id);
  if (lab.localName !== TAG) {
    throw labError(`The element with id ${quote(id)} is a <${lab.localName}>, not a training lab (<${TAG}>): `
      + `the editor’s train attribute must name an <${TAG}>. ${otherLabs(doc, id)}`, id);
  }
  if (typeof lab.useAttention !== 'function') {
    throw labError(`The training lab (<${TAG}>${id ? ` with id ${quote(id)}` : ''}) is not defined on this page yet: the script that defines it has not run.`, null);
  }
  return lab;
}

/** What the page's training labs are called, so the author sees which id to use (or to give). */
function otherLabs(doc, id) {
  const labs = [...doc.querySelectorAll(TAG)];
  if (labs.length === 0) return `There is no training lab (<${TAG}>) on this page at all.`;
  const ids = labs.map((lab) => lab.id).filter(Boolean);
  if (ids.length === 0) {
    const give = doc.getElementById(id) ? 'an id (one no other element has) and name it in train' : `the id ${quote(id)}`;
    return `${labs.length === 1 ? 'The training lab on this page has no id: give it' : 'The training labs on this page have no id: give one'} `
      + `${give}, or remove the train attribute to use the first.`;
  }
  const named = ids.map((labId) => quote(labId)).join(', ');
  return ids.length === 1 ? `The training lab on this page has id ${named}.` : `The training labs on this page have the ids ${named}.`;
}

/** An Error whose headline (the editor's status line) says the function was not used, and why
 *  in short: the train attribute's id (`id`) names no training lab, or there is none to use. */
function labError(message, id) {
  const headline = id ? 'Not used: the train attribute names no training lab.' : 'Not used: there is no training lab to use it in.';
  return Object.assign(new Error(message), { headline });
}
