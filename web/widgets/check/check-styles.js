// check-styles.js — the stylesheet <attn-check> and <attn-exercise> add to the lab's own
// (widget-styles.js): question cards, options, the answer field and the feedback lines. Right and
// wrong are said in words (✓ Right / ✗ Not yet) as well as by the border colour.

let sheet = null;

export function checkSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .questions { list-style: none; padding: 0; margin: 0.6rem 0 0; display: grid; gap: 0.8rem; }
    fieldset { border: 1px solid var(--attn-border); border-radius: 8px; padding: 0.6rem 0.8rem; margin: 0; min-width: 0; background: var(--attn-surface); }
    /* Floated, the legend is laid out inside the card like a heading: a question of two or more
       lines no longer straddles the card's top border. */
    legend { float: left; width: 100%; padding: 0; margin: 0 0 0.3rem; font-weight: 600; }
    legend + * { clear: both; }
    .number-label { color: var(--attn-muted); }
    .option { display: flex; gap: 0.5rem; align-items: flex-start; margin: 0.35rem 0; }
    .option input { margin-top: 0.3rem; flex: none; }
    .number { display: flex; flex-wrap: wrap; gap: 0.4rem 0.6rem; align-items: center; margin: 0.4rem 0; }
    .number input { font: inherit; font-family: var(--attn-mono); width: 12rem; max-width: 100%; padding: 0.25rem 0.4rem;
      border: 1px solid var(--attn-border); border-radius: 6px; background: var(--attn-bg); color: inherit; }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .feedback { border-left: 4px solid var(--attn-border); padding: 0.3rem 0.6rem; background: var(--attn-bg); border-radius: 0 6px 6px 0; }
    .feedback.right { border-left-color: #2e7d32; }
    .feedback.wrong { border-left-color: var(--attn-error); }
    /* A verdict about an earlier entry (stale-verdict.js): its line says so; the border is dashed. */
    .feedback.stale { border-left-style: dashed; }
    .stale-note { display: block; font-weight: 600; margin-bottom: 0.2rem; }
    .stale-note::before { content: "⚠ "; }
    .see, .intro { font-size: calc(0.9 * var(--attn-em)); color: var(--attn-muted); }
    .see a { color: var(--attn-accent); }
    .score { margin: 0; font-size: calc(0.9 * var(--attn-em)); }
    .task-list { margin: 0.3rem 0 0.6rem; padding-left: 1.2rem; }
    .conditions { list-style: none; padding-left: 0; }
    .conditions li { margin: 0.2rem 0; }
    .conditions li.ok > span:first-child { color: #2e7d32; }
    .conditions li.not-yet > span:first-child { color: var(--attn-error); }
    .task-title { margin: 0.2rem 0; font-size: var(--attn-em); }
    .statement { font-weight: 500; }
    ::slotted(*) { margin-top: 0.6rem; }
  `);
  return sheet;
}
