import { containsPersonalInfo, type MessageKey } from '@obmen/shared';
import { ParameterError } from '../../http/errors';
import { passwordScore } from './password-hashing';

/** The site's own names, the first words a guesser tries on its accounts (issue 42: `Obmen2026!` passed). */
const SITE_WORDS = ['obmen', 'обмен', 'обменник', 'exchange', 'exchanger', 'obmennik', 'crypto', 'крипта'];

/** The parts of a name or an e-mail someone may build a password from: `ivan.petrov@mail.ru` → ivan, petrov, mail. */
const partsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((part) => part.length >= 3);

/** zxcvbn's "safely unguessable: moderate protection from offline slow-hash scenario" (issue 33). */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The checks of a new password the shared schema cannot make: the owner's names, whichever form
 * sent them, and zxcvbn, which is too big for the browser (~800 KB of dictionaries).
 */
export async function checkNewPassword(
  password: string,
  owner: { username: string; email: string },
  field: string,
): Promise<void> {
  const refuse = (key: MessageKey) => ParameterError.of({ [field]: key });
  if (containsPersonalInfo(password, owner)) throw refuse('validation.passwordPersonal');
  const userInputs = [
    ...SITE_WORDS,
    owner.username,
    owner.email,
    owner.email.split('@')[0] ?? '',
    ...partsOf(owner.username),
    ...partsOf(owner.email),
  ];
  if ((await passwordScore(password, userInputs)) < MIN_PASSWORD_SCORE) throw refuse('validation.passwordWeak');
}
