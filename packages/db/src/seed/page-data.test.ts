import { describe, expect, it } from 'vitest';
import { categoryById, LOCKS_ID, lockWarranty } from './catalogue-data.ts';
import { productRows } from './catalogue-seed.ts';
import { declarationsOf } from './declaration-data.ts';
import { demoDeliveryZones } from './delivery-zones.ts';
import { pageSeeds } from './page-data.ts';

const pageText = (slug: string): string => {
  const page = pageSeeds.find((p) => p.urlSlug === slug);
  if (!page) throw new Error(`no demo page ${slug}`);
  return page.content;
};

/** Whole rupees as the pages write them: ₹499, ₹1,499, ₹10,000. */
const rupees = (paise: number): string => `₹${new Intl.NumberFormat('en-IN').format(paise / 100)}`;

describe('the Shipping Policy states the delivery terms the seeded delivery zones apply', () => {
  const policy = pageText('shipping-policy');
  const served = demoDeliveryZones.filter((z) => z.serviceable !== false && z.kind !== 'pincodes');

  it('promises neither free delivery nor cash on delivery on every order', () => {
    expect(policy).not.toMatch(/free on every order/i);
    expect(policy).not.toMatch(/cash on delivery is available on every order/i);
    expect(policy).not.toMatch(/every (serviceable )?pin ?code/i);
  });

  it("names each zone's delivery charge and its free-delivery threshold as 'or more' (goods ≥ threshold ship free)", () => {
    expect(served.length).toBeGreaterThan(1);
    for (const zone of served) {
      if (zone.chargePaise === 0) continue;
      expect(policy, zone.name).toContain(`${rupees(zone.chargePaise ?? 0)}, free on orders of`);
      if (zone.freeAbovePaise != null)
        expect(policy, zone.name).toContain(`free on orders of ${rupees(zone.freeAbovePaise)} or more`);
    }
    expect(policy).toContain('₹499 or more');
  });

  it("names each zone's cash-on-delivery fee and order limit, and the prepaid-only PIN codes", () => {
    for (const zone of served) {
      if (!zone.codAllowed) continue;
      const fee = zone.codFeePaise ? `${rupees(zone.codFeePaise)} fee` : 'no fee';
      const limit = zone.codMaxPaise != null ? `, on orders up to ${rupees(zone.codMaxPaise)}` : '';
      expect(policy, zone.name).toContain(`${fee}${limit}`);
    }
    expect(demoDeliveryZones.some((z) => z.kind === 'pincodes' && !z.codAllowed)).toBe(true);
    expect(policy).toContain('Some PIN codes are prepaid only');
  });

  it('names the areas the shop does not serve', () => {
    const unserved = demoDeliveryZones.filter((z) => z.serviceable === false).flatMap((z) => z.matches ?? []);
    expect(unserved.length).toBeGreaterThan(0);
    for (const area of unserved) expect(policy).toContain(area);
  });

  it('says where the exact charge for a PIN code is shown before payment', () => {
    expect(policy).toContain('<strong>Check delivery</strong> on any product page');
    expect(policy).toContain('the exact delivery charge for your delivery address');
    expect(policy).toContain('before you pay');
  });
});

describe('About Us agrees with the delivery check and the product declarations', () => {
  const about = pageText('about-us');

  it('delivers "across India" and names the delivery check, instead of claiming every pincode', () => {
    expect(about).not.toMatch(/every pin ?code/i);
    expect(about).toContain('We deliver across India');
    expect(about).toContain('Check delivery');
  });

  it('does not say the Aligarh workshop makes the locks the shop imports', () => {
    const importedLocks = productRows().filter(
      (p) => categoryById(p.categoryId).parentId === LOCKS_ID && p.makerRole === 'importer',
    );
    expect(importedLocks.map((p) => p.countryOfOrigin)).toContain('China');
    expect(about).not.toContain('fingerprint smart locks');
    expect(about).toContain('Our smart door locks and smart padlocks are imported');
    // The one smart lock the workshop does make is declared as made by it.
    expect(declarationsOf({ name: 'Fingerprint Cabinet Lock', categoryId: 17, weight: 180 })).toMatchObject({
      makerRole: 'manufacturer',
      countryOfOrigin: 'India',
    });
    expect(about).toContain('a fingerprint cabinet lock');
  });
});

describe('every lock states on its product page the warranty the Warranty Policy and Terms refer to', () => {
  const warranty = pageText('warranty-policy');
  /** The Warranty Policy's line for each lock category, and the period the description must state. */
  const policyLine: Record<number, [line: string, period: string]> = {
    14: ['Padlocks and cabinet locks: 1 year.', '1 year'],
    15: ['Door locks: 2 years.', '2 years'],
    16: ['Padlocks and cabinet locks: 1 year.', '1 year'],
    17: ['Smart locks: 1 year', '1 year'],
  };

  it('the policies point to the product page for the period', () => {
    expect(warranty).toContain('for the period stated on its product page');
    expect(pageText('terms')).toContain('Locks carry the warranty stated on the product page');
  });

  it('each lock description has one "Warranty:" line with its category period, as the policy lists it', () => {
    const locks = productRows().filter((p) => categoryById(p.categoryId).parentId === LOCKS_ID);
    expect(locks.length).toBeGreaterThanOrEqual(20);
    for (const lock of locks) {
      const entry = policyLine[lock.categoryId];
      if (!entry) throw new Error(`no warranty line for category ${lock.categoryId}`);
      const [line, period] = entry;
      expect(warranty).toContain(line);
      expect(lock.description?.match(/Warranty: /g), lock.name).toHaveLength(1);
      expect(lock.description, lock.name).toContain(`Warranty: ${period} from delivery`);
      expect(lock.description, lock.name).toContain(lockWarranty[lock.categoryId]);
    }
  });

  it('food carries no warranty line', () => {
    const food = productRows().filter((p) => categoryById(p.categoryId).parentId !== LOCKS_ID);
    for (const item of food) expect(item.description, item.name).not.toContain('Warranty:');
  });
});
