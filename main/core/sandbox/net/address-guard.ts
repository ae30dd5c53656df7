import { BlockList, isIP } from 'node:net';

/**
 * Addresses a confined command never reaches unless its lists name the host exactly: this machine (loopback), the
 * networks behind it (private, carrier-grade NAT, link-local, unique-local) and the clouds' metadata services,
 * which hand out credentials to whoever asks from inside.
 */
const inner = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  inner.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  inner.addSubnet(net, bits, 'ipv6');
}

/** `::ffff:10.0.0.1` is 10.0.0.1: the mapped form must not slip past the IPv4 ranges. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return { address: m[1] as string, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether an address lies inside this machine or the networks around it. */
export function isInnerAddress(address: string): boolean {
  const a = unmapped(address);
  return inner.check(a.address, a.family);
}
