import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { pincodes as pincodeTable } from './schema/fulfilment.ts';

/**
 * India Post's All India Pincode Directory (data.gov.in, Government Open Data Licence – India)
 * read into one row per pincode. The file has one row per post office; the current layout's
 * columns are circlename, regionname, divisionname, officename, pincode, officetype, delivery,
 * district, statename, latitude, longitude, the older file's officeType, Deliverystatus, Taluk and
 * Districtname. Headings are matched without regard to case, so both layouts read.
 *
 * Merging: a pincode's district and state are those most of its offices name ("NA" and blanks do
 * not vote; a tie goes to the first named); its office is its head office, else its first
 * delivering sub office, else its first delivering office, else its first office; it delivers
 * when any of its offices does.
 */

export interface DirectoryPincode {
  pincode: string;
  office: string;
  city: string;
  district: string;
  state: string;
  delivery: boolean;
  offices: number;
}

export interface DirectoryBadRow {
  /** Line of the file (the heading is line 1). */
  line: number;
  reason: string;
}

export interface DirectoryReading {
  pincodes: DirectoryPincode[];
  /** Post-office rows read (good ones). */
  rows: number;
  badRows: DirectoryBadRow[];
}

export class DirectoryFormatError extends Error {}

const PINCODE = /^[1-9]\d{5}$/;

/** The column names each field may go by, lower-cased. */
const COLUMNS = {
  office: ['officename'],
  pincode: ['pincode'],
  officeType: ['officetype'],
  delivery: ['delivery', 'deliverystatus'],
  district: ['district', 'districtname'],
  state: ['statename'],
} as const;

const missing = (value: string | undefined) => {
  const text = (value ?? '').trim();
  return text === '' || /^(na|n\/a|null)$/i.test(text);
};

/** "NORTH WEST DELHI" → "North West Delhi"; short words stay lower-case inside a name. */
export function titleCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s(\-./])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/ (And|Of|The) /g, (w) => w.toLowerCase());
}

/** "TAMIL NADU" → "Tamil Nadu", "ANDAMAN & NICOBAR ISLANDS" → "Andaman and Nicobar Islands". */
export function stateName(raw: string): string {
  return titleCase(raw.replace(/\s*&\s*/g, ' and '));
}

const COMPASS =
  /^(north|south|east|west|central|north east|north west|south east|south west|new delhi|shahdara)$/i;

/**
 * The city an address form should suggest: the district, without "District", "Urban" or
 * "Suburban" ("BENGALURU URBAN" → "Bengaluru", "MUMBAI SUBURBAN" → "Mumbai"). Delhi's districts
 * are named by compass points, so there the city is the state's name.
 */
export function cityOf(district: string, state: string): string {
  const name = titleCase(district)
    .replace(/\s+District$/i, '')
    .replace(/\s+(Urban|Suburban)$/i, '');
  if (COMPASS.test(name) && state === 'Delhi') return 'Delhi';
  return name;
}

function majority(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  let bestCount = 0;
  for (const [v, n] of counts)
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  return best;
}

interface Office {
  name: string;
  head: boolean;
  branch: boolean;
  delivers: boolean;
  district?: string;
  state?: string;
}

/** Reads the directory CSV text; throws DirectoryFormatError when a needed column is missing. */
export function readPincodeDirectory(csv: string | Buffer): DirectoryReading {
  const records = parse(csv, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  const heading = records.shift()?.record.map((h) => h.trim().toLowerCase()) ?? [];
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([field, names]) => [
      field,
      heading.findIndex((h) => (names as readonly string[]).includes(h)),
    ]),
  ) as Record<keyof typeof COLUMNS, number>;
  const needed = ['office', 'pincode', 'district', 'state'] as const;
  const absent = needed.filter((f) => index[f] < 0);
  if (absent.length > 0)
    throw new DirectoryFormatError(
      `Not the India Post pincode directory: no ${absent.map((f) => COLUMNS[f][0]).join(', ')} column (headings: ${heading.join(', ')})`,
    );

  const byPincode = new Map<string, Office[]>();
  const badRows: DirectoryBadRow[] = [];
  let rows = 0;
  for (const { record, info } of records) {
    const cell = (i: number) => (i >= 0 ? (record[i] ?? '').trim() : '');
    const pincode = cell(index.pincode);
    const name = cell(index.office);
    if (!PINCODE.test(pincode)) {
      badRows.push({ line: info.lines, reason: `pincode "${pincode}" is not six digits` });
      continue;
    }
    if (missing(name)) {
      badRows.push({ line: info.lines, reason: 'no office name' });
      continue;
    }
    const district = cell(index.district);
    const state = cell(index.state);
    const office: Office = {
      name,
      head: /^(h\.?o\.?|gpo)$/i.test(cell(index.officeType)) || /\b(g\.p\.o|h\.o)\b\.?$/i.test(name),
      branch: /^b\.?o\.?$/i.test(cell(index.officeType)) || /\bB\.?O$/.test(name),
      // The older file says "Delivery"/"Non-Delivery"; an absent column counts as delivering.
      delivers: index.delivery < 0 || !/^non/i.test(cell(index.delivery)),
    };
    if (!missing(district)) office.district = titleCase(district);
    if (!missing(state)) office.state = stateName(state);
    rows += 1;
    const offices = byPincode.get(pincode);
    if (offices) offices.push(office);
    else byPincode.set(pincode, [office]);
  }

  const pincodes: DirectoryPincode[] = [];
  for (const [pincode, offices] of byPincode) {
    const district = majority(offices.flatMap((o) => (o.district ? [o.district] : [])));
    const state = majority(offices.flatMap((o) => (o.state ? [o.state] : [])));
    if (!district || !state) {
      badRows.push({ line: 0, reason: `pincode ${pincode}: no office names its district and state` });
      continue;
    }
    const office =
      offices.find((o) => o.head) ??
      offices.find((o) => o.delivers && !o.branch) ??
      offices.find((o) => o.delivers) ??
      offices[0];
    pincodes.push({
      pincode,
      office: office?.name ?? '',
      city: cityOf(district, state),
      district,
      state,
      delivery: offices.some((o) => o.delivers),
      offices: offices.length,
    });
  }
  pincodes.sort((a, b) => a.pincode.localeCompare(b.pincode));
  return { pincodes, rows, badRows };
}

const BATCH = 500;

/** Inserts merged directory rows, updating a pincode already there (the import is an upsert). */
export async function upsertPincodeRows(db: DbOrTx, rows: readonly DirectoryPincode[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(pincodeTable)
      .values(rows.slice(i, i + BATCH).map((r) => ({ ...r, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: pincodeTable.pincode,
        set: {
          office: sql`excluded.office`,
          city: sql`excluded.city`,
          district: sql`excluded.district`,
          state: sql`excluded.state`,
          delivery: sql`excluded.delivery`,
          offices: sql`excluded.offices`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}
