// field-problem.js — the sentence beside one of <attn-train>'s own fields (the model form's, the
// prompt, the sample length, "Train until step", the weights file): a line made for the field,
// which describes it (aria-describedby), and the field marked invalid while the line speaks.
// These fields are not the widget's attributes, so what they refuse is said here, beside them,
// and not in the widget's `problems` (which lists refused settings: preset and probe).
//
//   const line = problemBeside(input);   // a hidden line, put beside the field by the panel
//   sayBeside(input, line, sentence);    // null clears it

import { h, uniqueId } from '../../ui/dom.js';

/** A hidden line for the sentence about `input`, which describes it from now on. */
export function problemBeside(input) {
  // Polite, like the probe's line: a refusal here is heard where the learner is, not only seen.
  const line = h('span', { className: 'error field-problem', id: uniqueId('problem'), 'aria-live': 'polite', hidden: true });
  input.setAttribute('aria-describedby', [line.id, input.getAttribute('aria-describedby')].filter(Boolean).join(' '));
  return line;
}

/** Says `sentence` beside `input` in `line`, marking it invalid; null takes both away. */
export function sayBeside(input, line, sentence) {
  line.textContent = sentence ?? '';
  line.hidden = !sentence;
  if (sentence) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}
