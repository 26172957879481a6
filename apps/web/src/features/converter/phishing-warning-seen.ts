/** The one-time phishing notice (spec §2) is remembered here once dismissed; kept apart from the dialog so checking costs nothing. */
const STORAGE_KEY = 'phishingWarningSeen';

export function phishingWarningSeen(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    // Storage blocked: better a notice per visit than none.
    return false;
  }
}

export function rememberPhishingWarning(): void {
  try {
    localStorage.setItem(STORAGE_KEY, '1');
  } catch {
    // Not remembered: it shows again next time, which is harmless.
  }
}
