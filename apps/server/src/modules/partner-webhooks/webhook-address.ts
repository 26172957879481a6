import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../http/errors';

/** What the settings allow beside a public https URL: both off on a live exchanger (config.ts). */
export interface WebhookAddressRules {
  allowHttp: boolean;
  allowPrivateHosts: boolean;
}

/** The address a delivery connects to: the one that was checked, so a DNS answer that changes after the check (rebinding) is never used. */
export interface CheckedAddress {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Only global unicast is a partner's: loopback, private, link-local, CGNAT, multicast, unspecified,
 * ULA, the documentation and benchmark ranges, and the v6 forms that carry a v4 address (6to4, NAT64,
 * Teredo) are all refused; an IPv4-mapped v6 address is judged as its v4 one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Refuses a URL that is not https (unless allowed) or whose host is, or resolves to, an address that is not public. */
export async function checkWebhookAddress(text: string, rules: WebhookAddressRules): Promise<CheckedAddress> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError(400, 'webhook_url_invalid', 'webhook.urlInvalid');
  }
  const schemeAllowed = url.protocol === 'https:' || (rules.allowHttp && url.protocol === 'http:');
  if (!schemeAllowed || url.username || url.password)
    throw new AppError(400, 'webhook_url_invalid', 'webhook.urlInvalid');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let resolved: { address: string; family: number }[];
  if (isIP(host)) resolved = [{ address: host, family: isIP(host) }];
  else {
    try {
      resolved = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AppError(400, 'webhook_host_unresolvable', 'webhook.unresolvable');
    }
  }
  // Every answer must be public: a name with one private address among public ones could be steered to it.
  if (resolved.length === 0) throw new AppError(400, 'webhook_host_unresolvable', 'webhook.unresolvable');
  if (!rules.allowPrivateHosts && !resolved.every(({ address }) => isPublicAddress(address))) {
    throw new AppError(400, 'webhook_private_host', 'webhook.privateHost');
  }
  const [first] = resolved;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
