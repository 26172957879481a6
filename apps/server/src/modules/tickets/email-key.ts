/** Providers that ignore dots in the mailbox name: `j.doe@gmail.com` is `jdoe@gmail.com`'s inbox. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * One inbox's key for counting (limits, lookups), never for sending: lower case, the `+tag` of the
 * mailbox dropped (every large provider delivers `box+tag@` to `box@`), and Gmail's dots too.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at).replace(/\+.*$/, '');
  let domain = address.slice(at + 1);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replace(/\./g, '');
    domain = dotless;
  }
  // A mailbox that is only a tag ("+x@host") stays as typed, rather than becoming an empty name.
  return local ? `${local}@${domain}` : address;
}
