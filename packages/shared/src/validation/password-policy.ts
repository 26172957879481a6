import { COMMON_PASSWORDS_TEXT } from './common-passwords';

/** More than 8 characters (spec §5, §9); up to 128, as issue 33 asks, so a passphrase fits. */
export const PASSWORD_MIN_LENGTH = 9;
export const PASSWORD_MAX_LENGTH = 128;

const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;
const SPECIAL = /[^A-Za-z0-9\s]/;

/** A Latin lowercase letter, a Latin uppercase letter and a special symbol (spec §5). */
export function hasRequiredCharacters(password: string): boolean {
  return LOWER.test(password) && UPPER.test(password) && SPECIAL.test(password);
}

let common: Set<string> | null = null;

// "Password1!" is "password1" with decoration: compare the bare forms too, not only the exact text.
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '0': 'o', $: 's', '5': 's', '!': 'i', '1': 'i' };

function variants(password: string): string[] {
  const lower = password.toLowerCase();
  const alnum = lower.replace(/[^a-z0-9]/g, '');
  const letters = lower.replace(/[^a-z]/g, '');
  const unleet = lower.replace(/[@4305$!1]/g, (c) => LEET[c] ?? c).replace(/[^a-z0-9]/g, '');
  const trimmed = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return [lower, alnum, letters, unleet, trimmed];
}

/** True when the password is, or is a decorated form of, one of the most used passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return variants(password).some((candidate) => candidate.length >= 6 && common!.has(candidate));
}

/** The parts of the owner's identity a password may not contain: the username, the e-mail and its local part. */
function personalParts({ username, email }: { username?: string; email?: string }): string[] {
  const parts = [username, email, email?.split('@')[0]];
  // Two letters of a name are found in many good passwords; from three on it is the name.
  return parts.map((part) => part?.trim().toLowerCase() ?? '').filter((part) => part.length >= 3);
}

/** True when the password is, or contains, the username, the e-mail or the e-mail's local part. */
export function containsPersonalInfo(password: string, owner: { username?: string; email?: string }): boolean {
  const lower = password.toLowerCase();
  return personalParts(owner).some((part) => lower.includes(part));
}
