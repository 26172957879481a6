import { BlockList, isIP } from 'node:net';
/** An IPv4 address written inside IPv6 (`::ffff:192.0.2.1`, a dual-stack socket's) is that IPv4 address. */
function plainAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  return family === 0 ? null : { address, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether `ip` is one of the addresses or within one of the CIDR ranges; an empty list allows any. */
export function ipAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const client = plainAddress(ip);
  if (!client) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list.check(client.address, client.family);
}
