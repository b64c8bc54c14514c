/**
 * Saved views of the order list: a name and the list's query string (filters, search, sort),
 * kept in this browser's localStorage — a packer's "COD to ship" is personal, not the shop's.
 */
export interface SavedView {
  name: string;
  query: string;
}

const KEY = 'admin.orders.views';

export function loadViews(): SavedView[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((v): v is SavedView => typeof v?.name === 'string' && typeof v?.query === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Saves (or replaces, by name) a view; the list stays in name order. */
export function saveView(view: SavedView): SavedView[] {
  const views = [...loadViews().filter((v) => v.name !== view.name), view].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  localStorage.setItem(KEY, JSON.stringify(views));
  return views;
}

export function deleteView(name: string): SavedView[] {
  const views = loadViews().filter((v) => v.name !== name);
  localStorage.setItem(KEY, JSON.stringify(views));
  return views;
}
