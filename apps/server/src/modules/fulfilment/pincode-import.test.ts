import { deliveryZones, pincodes } from '@shop/db/schema/index';
import { DirectoryFormatError, readPincodeDirectory } from '@shop/db/pincode-directory';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { importPincodeDirectory } from './pincode-import.service.ts';

/** India Post's layout: one row per post office, duplicates per pincode, "NA" cells, bad rows. */
const HEADING =
  'circlename,regionname,divisionname,officename,pincode,officetype,delivery,district,statename,latitude,longitude';
const FIXTURE = [
  HEADING,
  'Rajasthan Circle,Jaipur HQ,Jaipur City,Bani Park S.O,999001,PO,Non Delivery,JAIPUR,RAJASTHAN,26.92,75.79',
  'Rajasthan Circle,Jaipur HQ,Jaipur City,Test Nagar H.O,999001,HO,Delivery,JAIPUR,RAJASTHAN,26.91,75.80',
  'Rajasthan Circle,Jaipur HQ,Jaipur City,Sanganer BO,999001,BO,Delivery,NA,NA,NA,NA',
  'Delhi Circle,Delhi,New Delhi West,Janakpuri S.O,999002,PO,Delivery,WEST,DELHI,28.62,77.08',
  'Delhi Circle,Delhi,New Delhi West,Tilak Nagar S.O,999002,PO,Delivery,WEST,DELHI,28.64,77.09',
  'Karnataka Circle,Bengaluru,Bengaluru East,"Whitefield, Bazar S.O",999003,PO,Delivery,BENGALURU URBAN,KARNATAKA,12.97,77.75',
  'Karnataka Circle,Bengaluru,Bengaluru East,No Pincode S.O,,PO,Delivery,BENGALURU URBAN,KARNATAKA,12.9,77.7',
  'Karnataka Circle,Bengaluru,Bengaluru East,Short S.O,56001,PO,Delivery,BENGALURU URBAN,KARNATAKA,12.9,77.7',
  'Karnataka Circle,Bengaluru,Bengaluru East,,999004,PO,Delivery,BENGALURU URBAN,KARNATAKA,12.9,77.7',
  'Nowhere Circle,NA,NA,Unknown S.O,999005,PO,Delivery,NA,NA,NA,NA',
].join('\n');

describe('India Post pincode directory', () => {
  it('merges post offices by pincode: majority district and state, head office, any delivering office', () => {
    const reading = readPincodeDirectory(FIXTURE);
    expect(reading.rows).toBe(7);
    expect(reading.pincodes).toEqual([
      {
        pincode: '999001',
        office: 'Test Nagar H.O',
        city: 'Jaipur',
        district: 'Jaipur',
        state: 'Rajasthan',
        delivery: true,
        offices: 3,
      },
      {
        pincode: '999002',
        office: 'Janakpuri S.O',
        // Delhi's districts are compass points: the city is Delhi.
        city: 'Delhi',
        district: 'West',
        state: 'Delhi',
        delivery: true,
        offices: 2,
      },
      {
        pincode: '999003',
        office: 'Whitefield, Bazar S.O',
        city: 'Bengaluru',
        district: 'Bengaluru Urban',
        state: 'Karnataka',
        delivery: true,
        offices: 1,
      },
    ]);
    expect(reading.badRows).toEqual([
      { line: 8, reason: 'pincode "" is not six digits' },
      { line: 9, reason: 'pincode "56001" is not six digits' },
      { line: 10, reason: 'no office name' },
      { line: 0, reason: 'pincode 999005: no office names its district and state' },
    ]);
  });

  it("reads the older file's headings (officeType, Deliverystatus, Districtname) too", () => {
    const older = [
      'officename,pincode,officeType,Deliverystatus,divisionname,regionname,circlename,Taluk,Districtname,statename',
      'Kavaratti H.O,999006,H.O,Delivery,Lakshadweep,Calicut,Kerala,Kavaratti,LAKSHADWEEP DISTRICT,LAKSHADWEEP',
    ].join('\n');
    expect(readPincodeDirectory(older).pincodes).toMatchObject([
      { pincode: '999006', city: 'Lakshadweep', state: 'Lakshadweep', office: 'Kavaratti H.O' },
    ]);
  });

  it('refuses a file that is not the directory, naming the missing columns', () => {
    expect(() => readPincodeDirectory('name,code\nJaipur,302001\n')).toThrow(DirectoryFormatError);
    expect(() => readPincodeDirectory('name,code\nJaipur,302001\n')).toThrow(
      /officename, pincode, district, statename/,
    );
  });
});

describe('npm run pincodes:import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('upserts: counts new and updated pincodes and bad rows; a second run changes nothing', async () => {
    const first = await importPincodeDirectory(t.ctx.db, FIXTURE);
    expect(first).toMatchObject({ rows: 7, pincodes: 3, added: 3, updated: 0 });
    expect(first.badRows).toHaveLength(4);
    const again = await importPincodeDirectory(t.ctx.db, FIXTURE);
    expect(again).toMatchObject({ pincodes: 3, added: 0, updated: 3 });
    const rows = await t.ctx.db
      .select()
      .from(pincodes)
      .where(inArray(pincodes.pincode, ['999001', '999002', '999003']));
    expect(rows).toHaveLength(3);

    // A newer file renames an office: the row is updated in place.
    await importPincodeDirectory(
      t.ctx.db,
      `${HEADING}\nX,Y,Z,Renamed H.O,999001,HO,Delivery,JAIPUR,RAJASTHAN,1,2\n`,
    );
    const [renamed] = await t.ctx.db.select().from(pincodes).where(eq(pincodes.pincode, '999001'));
    expect(renamed).toMatchObject({ office: 'Renamed H.O', offices: 1, city: 'Jaipur' });
  });

  it("the demo seed holds real pincodes of the shop's city and the metros, and the zones", async () => {
    const seeded = await t.ctx.db
      .select({ pincode: pincodes.pincode, city: pincodes.city, state: pincodes.state })
      .from(pincodes)
      .where(
        inArray(pincodes.pincode, ['302001', '110001', '400001', '560001', '700001', '600020', '744101']),
      );
    expect(Object.fromEntries(seeded.map((r) => [r.pincode, `${r.city}, ${r.state}`]))).toEqual({
      '302001': 'Jaipur, Rajasthan',
      '110001': 'Delhi, Delhi',
      '400001': 'Mumbai, Maharashtra',
      '560001': 'Bengaluru, Karnataka',
      '700001': 'Kolkata, West Bengal',
      '600020': 'Chennai, Tamil Nadu',
      '744101': 'South Andamans, Andaman and Nicobar Islands',
    });
    expect((await t.ctx.db.select().from(pincodes)).length).toBeGreaterThan(300);
    expect((await t.ctx.db.select().from(deliveryZones)).map((z) => z.kind).sort()).toEqual(
      expect.arrayContaining(['default', 'pincodes', 'prefix', 'state']),
    );
  });
});
