import { describe, expect, it } from 'vitest';
import { buildTree, menuHref } from './menu-tree.ts';

describe('buildTree (menus and the category sidebar are nested by parent id)', () => {
  const rows = [
    { id: 1, parent_id: 0, name: 'Root' },
    { id: 2, parent_id: 1, name: 'Sweets' },
    { id: 3, parent_id: 2, name: 'Barfi' },
    { id: 4, parent_id: 1, name: 'Locks' },
    { id: 5, parent_id: 0, name: 'About' },
  ];

  it('nests children under their parents', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.name)).toEqual(['Root', 'About']);
    expect(tree[0]?.children.map((n) => n.name)).toEqual(['Sweets', 'Locks']);
    expect(tree[0]?.children[0]?.children.map((n) => n.name)).toEqual(['Barfi']);
  });

  it('excluding category 1 makes its children the roots', () => {
    const tree = buildTree(rows, { exclude: (r) => r.id === 1 });
    expect(tree.map((n) => n.name)).toEqual(['Sweets', 'Locks', 'About']);
  });
});

describe('menuHref', () => {
  it('keeps external links and makes internal ones root-relative', () => {
    expect(menuHref('page/about-us')).toBe('/page/about-us');
    expect(menuHref('/contact-us')).toBe('/contact-us');
    expect(menuHref('https://example.com/x')).toBe('https://example.com/x');
  });
});
