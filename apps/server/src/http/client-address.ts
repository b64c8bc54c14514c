import { isIP } from 'node:net';

/**
 * Whose word the shop takes for a client's address (`TRUST_PROXY`). Every per-address rate limit
 * (login, sign-up, one-time codes, contact, newsletter, POST requests) counts `request.ip`; if any
 * peer could name its own address in `X-Forwarded-For`, a new header would start every count
 * from zero.
 *
 * - `none` (TRUST_PROXY unset): the header is ignored; the address is the TCP peer's.
 * - `hops`: the last `n` addresses of the chain (the TCP peer first) are proxies; the address
 *   before them is the client. Only safe when nothing but those proxies can reach the shop.
 * - `proxies`: a peer whose address is in the list (addresses, CIDR ranges, or proxy-addr's
 *   names `loopback`, `linklocal`, `uniquelocal`) is a proxy; the client is the first address,
 *   walking the chain back from the peer, that is not.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'proxies'; proxies: string[] };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; a string result is the problem to report for the variable. */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { kind: 'hops', hops } : 'a hop count is between 0 and 10';
  }
  if (text.toLowerCase() === 'true') {
    return 'trusting every peer would let any client choose its own address; give the number of proxies in front of the shop or their addresses';
  }
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = proxies.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) return `not an IP address or CIDR range: ${bad.join(', ')}`;
  return { kind: 'proxies', proxies };
}

/** Fastify's `trustProxy` option for the setting (a hop count as a function: Fastify ignores numbers). */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  switch (setting.kind) {
    case 'none':
      return false;
    case 'hops':
      return setting.hops === 0 ? false : (_address, hop) => hop < setting.hops;
    case 'proxies':
      return setting.proxies;
  }
}

/**
 * The address a per-address rate limit counts: an IPv4 address as it is, an IPv6 address by its
 * /64 network. One home or phone line is given a whole /64 (RFC 6177) and picks a new address in
 * it at will (privacy addresses, RFC 8981), so counting single IPv6 addresses would let one
 * client start every count afresh. An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) counts
 * as the IPv4 one.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIP(address) !== 6) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail stands for two groups; it lies past the first 64 bits either way.
  const backLength = back.length + (back.at(-1)?.includes('.') ? 1 : 0);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - backLength)).fill('0'), ...back];
  const network = all.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}
