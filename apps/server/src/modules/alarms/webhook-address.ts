import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not point (docs/decisions.md, "Alarm webhooks"): link-local addresses (the
 * cloud metadata service at 169.254.169.254 among them), "this network", multicast and broadcast,
 * always; loopback (the server itself) unless ALARM_WEBHOOK_ALLOW_LOOPBACK is set. Private LAN
 * addresses are allowed: a restaurant's chat or pager gateway often lives on its own network.
 * The check runs on every address a host name resolves to, at connection time, so a name that
 * resolves to a refused address (DNS rebinding) is refused too.
 */
const refused = new BlockList();
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('224.0.0.0', 3, 'ipv4');
refused.addAddress('::', 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addSubnet('ff00::', 8, 'ipv6');
refused.addSubnet('fd00:ec2::', 32, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Host names that always mean the metadata service or the machine itself. */
const REFUSED_NAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data']);
const LOOPBACK_NAMES = /^(localhost|.*\.localhost)$/;

/** An IPv4 address inside an IPv6 one (::ffff:169.254.169.254) is judged as the IPv4 address. */
function unmapped(address: string) {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1] : address;
}

/** Whether the server refuses to connect to this IP address. */
export function addressRefused(address: string, allowLoopback: boolean): boolean {
  const ip = unmapped(address);
  const family = isIP(ip);
  if (family === 0) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (refused.check(ip, type)) return true;
  return !allowLoopback && loopback.check(ip, type);
}

/** Whether a webhook URL's host is refused before any lookup: a refused literal address or name. */
export function hostRefused(url: URL, allowLoopback: boolean): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(unmapped(host))) return addressRefused(host, allowLoopback);
  if (REFUSED_NAMES.has(host)) return true;
  return !allowLoopback && LOOPBACK_NAMES.test(host);
}
