// sentence.js — how every widget reads a sentence a learner types (masks, shuffle, heads): one
// splitter, one contract. No DOM here.
//
// The sentence is split at white space. A word is what lies between, provided it holds at least
// one letter or digit: a lone "—" or "!!!" is punctuation, not a word. Each word keeps three forms:
//   text  as typed, punctuation and case included ("The", "dog.")   — what a widget shows
//   bare  without the punctuation around it ("The", "dog"; "didn't" keeps its apostrophe)
//   key   bare, lowercased ("the", "dog")                            — what the word's vector is
//         made from, so "The" and "the," are the same word to the core
// How many words a widget takes, and what it says otherwise, is the widget's own rule.
//
//   splitWords('The dog bit the man.')  // → [{ text: 'The', bare: 'The', key: 'the' }, …,
//                                       //    { text: 'man.', bare: 'man', key: 'man' }]
//   leftOut('Hello, world! — yes')      // → [',', '!', '—']: what the bare words leave out

const AROUND = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** The words of `sentence`, in order: [{ text, bare, key }]. */
export function splitWords(sentence) {
  return String(sentence ?? '').split(/\s+/)
    .map((text) => ({ text, bare: text.replace(AROUND, '') }))
    .filter((word) => word.bare !== '')
    .map((word) => ({ ...word, key: word.bare.toLowerCase() }));
}

/** "1 word", "13 words". */
export function wordCount(count) {
  return count === 1 ? '1 word' : `${count} words`;
}

/** The characters of `sentence` that no bare word holds (punctuation around words, and "words"
 *  of punctuation alone), each once, in the order typed: what a widget that reads bare words
 *  should tell the learner it left out. */
export function leftOut(sentence) {
  const dropped = String(sentence ?? '').split(/\s+/).flatMap((text) => Array.from(text.match(AROUND)?.join('') ?? ''));
  return [...new Set(dropped)];
}
