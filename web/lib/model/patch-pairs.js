// model/patch-pairs.js — the pairs of prompts the training lab offers for activation patching,
// written in the default corpus's sentence forms (c/src/corpus.c): the same sentence with its
// subject changed, so that the pronoun (or the word) that comes next changes with it. Each pair
// has one length, and the metric's two characters are the next character after each prompt.
// The first is the default.

export const PATCH_PAIRS = Object.freeze([
  { clean: 'the queen said "', corrupted: 'the geese said "', good: 'i', bad: 'w', says: 'i am (the queen) or we are (the geese)' },
  { clean: 'the king helped the dog because ', corrupted: 'the girl helped the dog because ', good: 'h', bad: 's', says: 'he (the king) or she (the girl)' },
  { clean: 'the farmer found the kettle because ', corrupted: 'the pilots found the kettle because ', good: 'h', bad: 't', says: 'he (the farmer) or they (the pilots)' },
  { clean: 'the boy watched the queen because ', corrupted: 'the dog watched the queen because ', good: 'h', bad: 'i', says: 'he (the boy) or it (the dog)' },
].map(Object.freeze));
