import { describe, expect, it } from 'vitest';
import { resolveZone, type Zone } from './zone-resolution.ts';

let nextId = 1;
const zone = (kind: string, matches: string[], name = `${kind} ${matches.join('/')}`): Zone => ({
  id: nextId++,
  name,
  kind,
  matches,
  serviceable: true,
  chargePaise: 0,
  freeAbovePaise: null,
  etaDays: 3,
  codAllowed: true,
  codMaxPaise: null,
  codFeePaise: 0,
});

describe('delivery zone resolution: the most specific zone wins', () => {
  const fallback = zone('default', [], 'default');
  const rajasthan = zone('state', ['Rajasthan'], 'state');
  const jaipur = zone('prefix', ['302'], 'prefix 302');
  const jaipurCentre = zone('prefix', ['30200'], 'prefix 30200');
  const listed = zone('pincodes', ['302001', '110006'], 'list');
  const zones = [fallback, rajasthan, jaipur, jaipurCentre, listed];

  it('pincode list > prefix > state > default', () => {
    expect(resolveZone(zones, '302001', 'Rajasthan')?.name).toBe('list');
    expect(resolveZone(zones, '302017', 'Rajasthan')?.name).toBe('prefix 302');
    expect(resolveZone(zones, '305001', 'Rajasthan')?.name).toBe('state');
    expect(resolveZone(zones, '600020', 'Tamil Nadu')?.name).toBe('default');
    // The order of the list does not matter.
    expect(resolveZone([...zones].reverse(), '302001', 'Rajasthan')?.name).toBe('list');
  });

  it('the longest matching prefix wins among prefixes', () => {
    expect(resolveZone(zones, '302004', 'Rajasthan')?.name).toBe('prefix 30200');
    expect(resolveZone(zones, '302040', 'Rajasthan')?.name).toBe('prefix 302');
  });

  it('a prefix zone with several prefixes matches by any of them', () => {
    const metros = zone('prefix', ['110', '400', '560'], 'metros');
    expect(resolveZone([fallback, metros], '400001', 'Maharashtra')?.name).toBe('metros');
    expect(resolveZone([fallback, metros], '411001', 'Maharashtra')?.name).toBe('default');
  });

  it('states compare without regard to case, spaces or "&"', () => {
    const islands = zone('state', ['Andaman and Nicobar Islands'], 'islands');
    expect(resolveZone([fallback, islands], '744101', 'ANDAMAN & NICOBAR ISLANDS')?.name).toBe('islands');
    // Without a state (a pincode the directory does not know) no state zone matches.
    expect(resolveZone([fallback, islands], '744101', null)?.name).toBe('default');
  });

  it('among equally specific zones the first made (lowest id) wins; no zone → undefined', () => {
    const a = zone('state', ['Delhi'], 'first');
    const b = zone('state', ['Delhi'], 'second');
    expect(resolveZone([b, a], '110001', 'Delhi')?.name).toBe('first');
    expect(resolveZone([rajasthan], '110001', 'Delhi')).toBeUndefined();
  });
});
