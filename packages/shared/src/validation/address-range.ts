/** An address range as the console's Holds screen takes it (issue 42): `203.0.113.0/24`, `2001:db8::/32`, or one address. */
export interface AddressRange {
  family: 4 | 6;
  /** The address as typed, without the prefix length. */
  address: string;
  bits: number;
}

const IPV4_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_OCTET.test(part));
}

function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  const count = groups.flat().length;
  if (!groups.flat().every((group) => IPV6_GROUP.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** The range `text` names, or null when it is no address or CIDR range. */
export function parseAddressRange(text: string): AddressRange | null {
  const [address = '', bitsText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const family = isIpv4(address) ? 4 : isIpv6(address) ? 6 : null;
  if (family === null) return null;
  const most = family === 4 ? 32 : 128;
  const bits = bitsText === undefined ? most : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  return Number.isInteger(bits) && bits >= 0 && bits <= most ? { family, address, bits } : null;
}
