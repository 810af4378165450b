// vocabulary.js — the tiny bilingual vocabulary of <attn-cross>, with no DOM: English and French
// words grouped by meaning. Each meaning (named by its English word) gets one vector from the
// core, and each word that means it gets that vector plus a little noise of its own
// (attn.conceptEmbedding), so "noir" and "black" point the same way wherever they stand.
//
// A word outside the vocabulary is not refused: it is its own meaning, named by its spelling, so
// it lines up only with the same spelling in the other sentence (a name such as "paris", copied
// in translation, does; anything else finds nothing in particular).

/** meaning → [English words, French words]. No word appears twice. */
const MEANINGS = {
  the: [['the'], ['le', 'la', 'les']],
  black: [['black'], ['noir', 'noire', 'noirs']],
  white: [['white'], ['blanc', 'blanche']],
  red: [['red'], ['rouge', 'rouges']],
  green: [['green'], ['vert', 'verte']],
  small: [['small', 'little'], ['petit', 'petite']],
  big: [['big'], ['grand', 'grande', 'gros']],
  old: [['old'], ['vieux', 'vieille']],
  cat: [['cat'], ['chat']],
  cats: [['cats'], ['chats']],
  dog: [['dog'], ['chien']],
  dogs: [['dogs'], ['chiens']],
  bird: [['bird'], ['oiseau']],
  fish: [['fish'], ['poisson']],
  mouse: [['mouse'], ['souris']],
  house: [['house'], ['maison']],
  garden: [['garden'], ['jardin']],
  cheese: [['cheese'], ['fromage']],
  sleeps: [['sleeps'], ['dort']],
  eats: [['eats'], ['mange']],
  sees: [['sees'], ['voit']],
  runs: [['runs'], ['court']],
  sings: [['sings'], ['chante']],
  chases: [['chases'], ['chasse']],
  is: [['is'], ['est']],
  and: [['and'], ['et']],
  in: [['in'], ['dans']],
  on: [['on'], ['sur']],
  under: [['under'], ['sous']],
  today: [['today'], ["aujourd'hui"]],
};

/** word → { meaning, language }. */
const WORDS = new Map();
for (const [meaning, [english, french]] of Object.entries(MEANINGS)) {
  for (const word of english) WORDS.set(word, { meaning, language: 'en' });
  for (const word of french) WORDS.set(word, { meaning, language: 'fr' });
}

/** Every word the widget knows, by language (for the "In words" list and the tests). */
export const KNOWN = Object.freeze({
  en: Object.values(MEANINGS).flatMap(([english]) => english),
  fr: Object.values(MEANINGS).flatMap(([, french]) => french),
});

/**
 * How the core makes a word's vector: { meaning, word, known } where `meaning` names the shared
 * part and `word` (prefixed by its language) the word's own noise. `key` is the word lowercased,
 * without the punctuation around it (ui/sentence.js).
 */
export function lookUp(key) {
  const entry = WORDS.get(key);
  if (entry) return { meaning: entry.meaning, word: `${entry.language}:${key}`, known: true };
  return { meaning: `spelling:${key}`, word: `unknown:${key}`, known: false };
}
