/** Where a `?r=` link's referral id is kept (spec §3: local storage holds the referral id). */
export const REF_ID_STORAGE_KEY = 'refId';

const REF_ID = /^\d{1,12}$/;

export function isRefId(value: unknown): value is string {
  return typeof value === 'string' && REF_ID.test(value);
}

/** The referral id a `?r=` link stored, or '' when there is none (anything else is not one). */
export function storedRefId(): string {
  try {
    const value = localStorage.getItem(REF_ID_STORAGE_KEY);
    return isRefId(value) ? value : '';
  } catch {
    return '';
  }
}
