// lookup-labels.js — where a lookup plane writes its labels (k1, v3, q, out) so that none covers
// another label or another mark. Each label goes beside its mark, at the first of six spots around
// it that overlaps no label placed before it and no other mark, and stays inside the plane: above
// right (where a label goes when it is alone), above left, below right, below left, right, left.
// When every spot is taken, it takes the one it overlaps least (a mark counting as much as a label). Labels are placed in the order given: the marks first, then the query or
// the output, so that "out" on top of the value it returns moves aside, and both stay readable.
//
//   const placed = placeLabels([{ text: 'v1', font, size: 12, x, y, gapX: 16, gapY: 13, reach: 13 }], side, measure);
//   placed[0] // { text, font, x, y, left, top, right, bottom }: x, y where the text starts (its
//             // middle, as textBaseline 'middle' draws it); left…bottom its box, halo included

const HALO = 1.5; // the background-coloured outline drawn around a label's letters

/** Where each of `wanted` is written: [{ text, font, x, y, left, top, right, bottom }], in order.
 *  wanted: { text, font, size (px), x, y (the mark's centre), gapX, gapY (from the centre),
 *  reach (the mark's half-width: its box, which no other label covers) }[];
 *  side: the plane's width and height in px; measure(text, font): a text's width in px. */
export function placeLabels(wanted, side, measure) {
  const placed = [];
  const marks = wanted.map(markBox);
  for (const [index, label] of wanted.entries()) {
    const spots = spotsAround(label, measure(label.text, label.font));
    const inside = spots.filter((box) => box.left >= 0 && box.top >= 0 && box.right <= side && box.bottom <= side);
    const candidates = inside.length ? inside : spots;
    const others = [...placed, ...marks.filter((_, i) => i !== index)];
    const covered = (box) => others.reduce((sum, other) => sum + overlap(box, other), 0);
    const best = candidates.find((box) => covered(box) === 0)
      ?? candidates.reduce((a, b) => (covered(b) < covered(a) ? b : a));
    placed.push({ text: label.text, font: label.font, ...best });
  }
  return placed;
}

/** The box of a wanted label's mark: { left, top, right, bottom }, `reach` around its centre. */
export function markBox({ x, y, reach = 0 }) {
  return { left: x - reach, right: x + reach, top: y - reach, bottom: y + reach };
}

/** The six spots for a label `width` px wide, best first, each with its box. */
function spotsAround({ size, x, y, gapX, gapY }, width) {
  const right = x + gapX, left = x - gapX - width;
  return [[right, y - gapY], [left, y - gapY], [right, y + gapY], [left, y + gapY], [right, y], [left, y]]
    .map(([textX, textY]) => ({
      x: textX, y: textY,
      left: textX - HALO, right: textX + width + HALO, top: textY - size / 2 - HALO, bottom: textY + size / 2 + HALO,
    }));
}

/** The area two boxes share (0 when they only touch). */
function overlap(a, b) {
  return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}
