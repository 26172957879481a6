import { describe, expect, it } from 'vitest';
import { parseAddressRange } from './address-range';

describe('an address range for the Holds screen', () => {
  it('takes IPv4 and IPv6 CIDR ranges and single addresses', () => {
    expect(parseAddressRange('203.0.113.0/24')).toEqual({ family: 4, address: '203.0.113.0', bits: 24 });
    expect(parseAddressRange(' 198.51.100.7 ')).toEqual({ family: 4, address: '198.51.100.7', bits: 32 });
    expect(parseAddressRange('2001:db8::/32')).toEqual({ family: 6, address: '2001:db8::', bits: 32 });
    expect(parseAddressRange('::1')).toEqual({ family: 6, address: '::1', bits: 128 });
  });

  it('refuses what is no range', () => {
    for (const text of [
      '',
      '203.0.113',
      '203.0.113.256/24',
      '203.0.113.0/33',
      '1.2.3.4/24/1',
      '2001:db8::1::/64',
      'example.com',
      '10.0.0.0/x',
    ]) {
      expect(parseAddressRange(text)).toBeNull();
    }
  });
});
