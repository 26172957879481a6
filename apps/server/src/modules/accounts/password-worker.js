// Password hashing in piscina's worker threads (see password-hashing.ts). Plain JavaScript so the
// same file runs from the sources (tests, `npm run dev`) and from dist/ (tsup copies it there).
import { getPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import { cyrillicForms, transliterate } from './cyrillic-forms.js';
import { RUSSIAN_WORDS } from './russian-words.js';

/** @param {{ password: string; options: import('@node-rs/argon2').Options }} task */
export function hash({ password, options }) {
  return hashSync(password, options);
}

/** @param {{ passwordHash: string; password: string }} task */
export function verify({ passwordHash, password }) {
  try {
    return verifySync(passwordHash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

/** This thread's nice value (Linux keeps one per thread): what the pool promises, checked by a test. */
export function niceness() {
  return getPriority();
}

/** @type {ZxcvbnFactory | null} */
let zxcvbn = null;

/**
 * zxcvbn's score (0–4) of a new password, the lowest over the forms a guesser would try. Its repeat
 * matcher tells case apart, so `Aaaaaaaa!` is "A" + a repeat + "!" and scores 3: the lower-cased
 * form counts, as a capital first letter is what people add when a rule asks for one. Russian
 * words count written in Cyrillic, transliterated (`parol`) or typed in the Latin layout
 * (`gfhjkm`), and so do the user's inputs (the site's words, the owner's names).
 * @param {{ password: string; userInputs: string[] }} task
 */
export function strength({ password, userInputs }) {
  // The dictionaries take ~100 ms to load: once a thread, on its first new password.
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: {
      ...zxcvbnCommon.dictionary,
      russian: RUSSIAN_WORDS,
      russianTransliterated: RUSSIAN_WORDS.map(transliterate),
    },
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  const inputs = userInputs.flatMap((input) => [input, ...cyrillicForms(input.toLowerCase())]);
  const lower = password.toLowerCase();
  const forms = new Set([password, lower, ...cyrillicForms(lower)]);
  return Math.min(...[...forms].map((form) => zxcvbn.check(form, inputs).score));
}
