/**
 * Which delivery zone serves a pincode: pure, so the rule is tested without a database.
 *
 * A zone matches by a list of pincodes, by pincode prefixes, by state names, or (default) any
 * pincode. The most specific match wins: a listed pincode beats a prefix, a prefix beats a state,
 * a state beats the default; among prefixes the longest wins; among equals the zone made first
 * (lowest id). Names of states compare without regard to case, spaces or "&"/"and".
 */

export type ZoneKind = 'pincodes' | 'prefix' | 'state' | 'default';

export interface Zone {
  id: number;
  name: string;
  kind: string;
  matches: readonly string[];
  serviceable: boolean;
  chargePaise: number;
  freeAbovePaise: number | null;
  etaDays: number;
  codAllowed: boolean;
  codMaxPaise: number | null;
  codFeePaise: number;
}

/** A state's name as zones compare it (case, spaces and "&"/"and" aside). */
export const stateKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** How specifically a zone matches; null when it does not. Higher is more specific. */
function specificity(zone: Zone, pincode: string, state: string | null): number | null {
  switch (zone.kind as ZoneKind) {
    case 'pincodes':
      return zone.matches.includes(pincode) ? 100 : null;
    case 'prefix': {
      const longest = Math.max(-1, ...zone.matches.filter((p) => pincode.startsWith(p)).map((p) => p.length));
      return longest > 0 ? 10 + longest : null;
    }
    case 'state':
      return state !== null && zone.matches.some((s) => stateKey(s) === stateKey(state)) ? 2 : null;
    case 'default':
      return 1;
    default:
      return null;
  }
}

/** The zone that serves `pincode` (in `state`, when the directory knows it), or undefined. */
export function resolveZone<Z extends Zone>(
  zones: readonly Z[],
  pincode: string,
  state: string | null,
): Z | undefined {
  let best: Z | undefined;
  let bestScore = 0;
  for (const zone of zones) {
    const score = specificity(zone, pincode, state);
    if (score === null) continue;
    if (score > bestScore || (score === bestScore && best && zone.id < best.id)) {
      best = zone;
      bestScore = score;
    }
  }
  return best;
}
