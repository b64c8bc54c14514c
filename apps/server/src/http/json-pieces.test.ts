import { describe, expect, it, vi } from 'vitest';
import { answerBytes, keepJson } from './json-pieces.ts';

const product = (id: number, name: string) =>
  keepJson({ id, name, description: `“${name}” — ₹${id}.00, काजू`, attachments: [{ id, kind: 'image' }] });

/** answerBytes must give exactly the bytes of JSON.stringify, whatever the answer holds. */
const same = (body: unknown) =>
  expect(answerBytes(body).toString('utf8')).toBe(JSON.stringify(body) ?? 'null');

describe('answers copy the kept JSON of their catalogue objects (json-pieces.ts)', () => {
  it('gives the bytes of JSON.stringify for a collection of kept products', () => {
    const items = [product(1, 'Kaju Katli'), product(2, 'Moong Dal Namkeen'), product(3, 'Brass Padlock')];
    const body = { items, _meta: { totalCount: 3, pageCount: 1, currentPage: 1, perPage: 20 } };
    same(body);
    same(body); // again, from the kept bytes
  });

  it('gives the same bytes with kept and plain items mixed, first or not', () => {
    same({ items: [{ id: 9, plain: true }, product(4, 'Soan Papdi'), { id: 10 }, product(5, 'Chakli')] });
    same({ items: [product(6, 'Mathri'), { id: 11 }], more: [], none: null, n: 1.5, s: 'x"y\\z' });
  });

  it('gives the same bytes for a kept object as the whole answer or as a property', () => {
    const kept = product(7, 'Gulab Jamun');
    same(kept);
    same({ product: kept, related: [kept] });
    same({ related: [kept], page: { items: [kept, { id: 1 }], meta: { n: 2 } }, empty: {} });
  });

  it('leaves out what JSON leaves out, and writes null where JSON does', () => {
    same({
      a: undefined,
      f: () => 1,
      items: [product(8, 'Besan Ladoo'), undefined, () => 2],
      z: Symbol('s'),
    });
  });

  it('serialises deeper places, dates and toJSON as JSON does', () => {
    const kept = product(12, 'Rasgulla');
    same({ items: [[kept]], nested: { inner: kept }, when: new Date(0) });
    same({ toJSON: () => ({ replaced: true }), items: [kept] });
    same(Object.assign([kept], { toJSON: () => 'list' }));
    same({ items: Object.assign([kept], { toJSON: () => 'list' }) });
    same(new Date(86_400_000));
    same([kept, 1, 'two']);
    same('text');
    same(null);
  });

  it('serialises a kept object once, when kept, and then copies its text', () => {
    const kept = product(13, 'Peda');
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const bytes = answerBytes({ items: [kept, kept] });
      expect(JSON.parse(bytes.toString()).items[1].name).toBe('Peda');
      expect(stringify.mock.calls.some(([value]) => value === kept)).toBe(false);
    } finally {
      stringify.mockRestore();
    }
  });

  it('freezes a kept object: its kept text could not follow a change', () => {
    const kept = product(16, 'Kalakand');
    expect(Object.isFrozen(kept)).toBe(true);
    expect(() => {
      (kept as { name: string }).name = 'Changed';
    }).toThrow(TypeError);
  });

  it('freezes what a kept object holds: a loader reads kept answers as they are (in-process-reads.ts)', () => {
    const kept = product(17, 'Barfi');
    expect(() => {
      kept.attachments.push({ id: 1, kind: 'pdf' });
    }).toThrow(TypeError);
    expect(() => {
      (kept.attachments[0] as { kind: string }).kind = 'pdf';
    }).toThrow(TypeError);
    expect(JSON.stringify(kept)).toBe(answerBytes(kept).toString('utf8'));
  });

  it('keeps the text where JSON never looks: not an enumerable property', () => {
    const kept = product(17, 'Imarti');
    expect(Object.keys(kept)).toEqual(['id', 'name', 'description', 'attachments']);
    expect({ ...kept }).toEqual({
      id: 17,
      name: 'Imarti',
      description: expect.any(String),
      attachments: expect.any(Array),
    });
    expect(Object.keys(JSON.parse(JSON.stringify(kept)))).toEqual([
      'id',
      'name',
      'description',
      'attachments',
    ]);
  });
});
