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
