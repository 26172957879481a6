// How Russian speakers write Russian words in passwords, so zxcvbn's dictionaries see through it:
// transliterated (пароль → parol) or typed with the keyboard in the other layout (пароль → gfhjkm).
// Plain JavaScript: it runs in the password threads (password-worker.js) from sources and dist/.

/** The Latin spelling people type: no diacritics, soft and hard signs left out. */
// prettier-ignore
const TRANSLIT = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

// ЙЦУКЕН over QWERTY, key by key (lower case; the shifted keys give the capitals).
const RU_KEYS = 'ёйцукенгшщзхъфывапролджэячсмитьбю';
const EN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const TO_LATIN_KEYS = Object.fromEntries([...RU_KEYS].map((key, i) => [key, EN_KEYS[i]]));
const TO_CYRILLIC_KEYS = Object.fromEntries([...EN_KEYS].map((key, i) => [key, RU_KEYS[i]]));

const CYRILLIC = /[а-яё]/;
const LATIN = /[a-z]/;

/** @param {string} text lower case */
export const transliterate = (text) => text.replace(/[а-яё]/g, (letter) => TRANSLIT[letter] ?? letter);

/**
 * The forms of a lower-cased password worth scoring besides itself: its transliteration and its
 * other keyboard layout, each only when it says something different.
 * @param {string} lower
 * @returns {string[]}
 */
export function cyrillicForms(lower) {
  const forms = [];
  if (CYRILLIC.test(lower)) {
    forms.push(
      transliterate(lower),
      lower.replace(/[а-яё]/g, (key) => TO_LATIN_KEYS[key] ?? key),
    );
  }
  if (LATIN.test(lower)) forms.push(lower.replace(/[a-z`[\];',.]/g, (key) => TO_CYRILLIC_KEYS[key] ?? key));
  return forms;
}
