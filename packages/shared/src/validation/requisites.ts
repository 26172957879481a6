import type { RequisiteField } from '../contracts/exchange';
import { isValidAddress } from './addresses';

/** Cards and phones are typed with spaces and dashes; they are checked and stored without. */
export function normalizeRequisite(kind: RequisiteField['kind'], value: string): string {
  const trimmed = value.trim();
  return kind === 'card' || kind === 'phone' ? trimmed.replace(/[\s-]/g, '') : trimmed.replace(/\s+/g, ' ');
}

/**
 * A card number as anyone but an operator sees it: the first six digits (the bank) and the last
 * four, the rest hidden, in groups of four ("2202 20•• •••• 0008"). PCI DSS allows no more.
 */
export function maskCard(digits: string): string {
  const hidden = Math.max(0, digits.length - 10);
  const masked =
    digits.length > 10 ? `${digits.slice(0, 6)}${'•'.repeat(hidden)}${digits.slice(-4)}` : '•'.repeat(digits.length);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The Luhn checksum every bank card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type RequisiteProblem =
  'validation.required' | 'validation.pattern' | 'validation.cardNumber' | 'validation.addressChecksum';

/**
 * What is wrong with a requisite value, or null when it is right (required, pattern, Luhn for cards,
 * the network's checksum for an address of a named format).
 */
export function requisiteProblem(
  field: Pick<RequisiteField, 'kind' | 'pattern' | 'required' | 'format'>,
  raw: string | undefined,
): RequisiteProblem | null {
  const value = normalizeRequisite(field.kind, raw ?? '');
  if (!value) return field.required ? 'validation.required' : null;
  if (!new RegExp(field.pattern).test(value))
    return field.kind === 'card' ? 'validation.cardNumber' : 'validation.pattern';
  if (field.kind === 'card' && !passesLuhn(value)) return 'validation.cardNumber';
  if (field.format && !isValidAddress(field.format, value)) return 'validation.addressChecksum';
  return null;
}
