import {
  type AdminCategory,
  type CategoryCreate,
  type CategoryMove,
  type CategoryReorder,
  type CategoryUpdate,
  catalogueAdminMessages as msg,
} from '@shop/contract/admin/catalogue';
import { ROOT_CATEGORY_ID } from '@shop/contract/catalogue';
import type { Db, DbOrTx } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, auditedBy } from './actor.ts';
import { uniqueSlug } from './unique-slug.ts';
import {
  type CategoryRow,
  categoryNameInUse,
  categorySlugInUse,
  findAllCategories,
  findAllCategoryParents,
  findCategoryRow,
  findSiblingIds,
  insertCategory,
  rememberCategorySlug,
  updateCategoryRow,
  writeSiblingOrder,
} from './category-admin.repository.ts';

/**
 * The category tree as the back office edits it: create, rename, change the address (slug), hide,
 * move under another parent and reorder siblings. The top category "All Products" (id 1) stays
 * where it is and visible: the storefront hides it and hangs everything else below it.
 *
 * A changed slug keeps the old one in category_slug_history, and the storefront answers an address
 * with any other slug than the current one by a 301 to the current address, so links shared and
 * indexed before the change keep working.
 */

/** Every category, hidden ones too, ordered parent by parent, siblings in display order. */
export async function categoryTree(db: DbOrTx): Promise<AdminCategory[]> {
  const rows = await findAllCategories(db);
  return rows.map((r) => ({
    id: r.id,
    parent_id: r.parentId,
    name: r.name,
    url_slug: r.urlSlug,
    display_order: r.displayOrder,
    is_active: r.isActive,
    image: r.image,
    products_count: r.productsCount,
    old_slugs: r.oldSlugs,
  }));
}

async function requireCategory(db: DbOrTx, id: number, forUpdate = false): Promise<CategoryRow> {
  const row = await findCategoryRow(db, id, forUpdate);
  if (!row) throw AppError.notFound(msg.categoryNotFound);
  return row;
}

/** A slug for the category: the one asked for (refused if another category has it) or one made from the name. */
function categorySlug(db: DbOrTx, wanted: string | undefined, name: string, exceptId: number | null) {
  return uniqueSlug(wanted, name, (slug) => categorySlugInUse(db, slug, exceptId), msg.categorySlugTaken);
}

/**
 * Two categories of one name side by side are two identical entries in the storefront's menu
 * and sidebar, and a shopper cannot tell them apart: refused on `field` (the same name elsewhere
 * in the tree, "Brass" under both Padlocks and Door Locks, is fine).
 */
async function requireFreeName(
  db: DbOrTx,
  parentId: number,
  name: string,
  exceptId: number | null,
  field: 'name' | 'parent_id',
) {
  if (await categoryNameInUse(db, parentId, name, exceptId))
    throw AppError.invalid(field, msg.categoryNameTaken);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const audited = (row: CategoryRow) => ({
  name: row.name,
  url_slug: row.urlSlug,
  parent_id: row.parentId,
  display_order: row.displayOrder,
  is_active: row.isActive,
});

/** A new category, last among its siblings. */
export async function createCategory(db: Db, input: CategoryCreate, actor: Actor) {
  return db.transaction(async (tx) => {
    const parentId = input.parent_id ?? ROOT_CATEGORY_ID;
    await requireParent(tx, parentId);
    const siblings = await findSiblingIds(tx, parentId);
    await requireFreeName(tx, parentId, input.name, null, 'name');
    const row = await insertCategory(tx, {
      name: input.name,
      urlSlug: await categorySlug(tx, input.url_slug, input.name, null),
      parentId,
      isActive: input.is_active,
      displayOrder: siblings.length + 1,
    });
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'category.create',
      entity: 'category',
      entityId: row.id,
      after: audited(row),
    });
    return row.id;
  });
}

async function requireParent(db: DbOrTx, parentId: number) {
  if (!(await findCategoryRow(db, parentId))) throw AppError.invalid('parent_id', msg.categoryNotFound);
}

/** Renames, changes the slug (keeping the old one), hides or shows a category. */
export async function updateCategory(db: Db, id: number, patch: CategoryUpdate, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await requireCategory(tx, id, true);
    if (patch.is_active === false && id === ROOT_CATEGORY_ID) throw new AppError('conflict', msg.rootFixed);
    // Only a new name is checked: an edit of the slug or visibility of one of two same-named
    // siblings saved before this rule must still go through.
    if (patch.name !== undefined && !sameName(patch.name, before.name) && id !== ROOT_CATEGORY_ID)
      await requireFreeName(tx, before.parentId, patch.name, id, 'name');
    const slug =
      patch.url_slug !== undefined && patch.url_slug !== before.urlSlug
        ? await categorySlug(tx, patch.url_slug, before.name, id)
        : undefined;
    const changes = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(slug !== undefined ? { urlSlug: slug } : {}),
      ...(patch.is_active !== undefined ? { isActive: patch.is_active } : {}),
    };
    // A patch that names no field (`{}`) changes nothing, as for products and staff: the category
    // is answered as it is, and nothing is audited.
    if (Object.keys(changes).length === 0) return;
    const after = await updateCategoryRow(tx, id, changes);
    if (!after) throw AppError.notFound(msg.categoryNotFound);
    if (slug !== undefined) await rememberCategorySlug(tx, id, before.urlSlug, slug);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'category.update',
      entity: 'category',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
  });
}

/** Whether `candidate` is `id` itself or lies below it (moving `id` there would make a cycle). */
export function isInSubtree(
  parents: ReadonlyArray<{ id: number; parentId: number }>,
  id: number,
  candidate: number,
) {
  const parentOf = new Map(parents.map((p) => [p.id, p.parentId]));
  const seen = new Set<number>();
  for (let at: number | undefined = candidate; at !== undefined && !seen.has(at); at = parentOf.get(at)) {
    if (at === id) return true;
    seen.add(at);
  }
  return false;
}

/**
 * Moves a category (with its sub-tree) under another parent, at a position among the new
 * siblings (last when not given). Moving into itself or below itself is refused.
 */
export async function moveCategory(db: Db, id: number, move: CategoryMove, actor: Actor) {
  return db.transaction(async (tx) => {
    if (id === ROOT_CATEGORY_ID) throw new AppError('conflict', msg.rootFixed);
    const before = await requireCategory(tx, id, true);
    await requireParent(tx, move.parent_id);
    if (isInSubtree(await findAllCategoryParents(tx), id, move.parent_id))
      throw AppError.invalid('parent_id', msg.cycle);
    if (move.parent_id !== before.parentId)
      await requireFreeName(tx, move.parent_id, before.name, id, 'parent_id');
    const oldSiblings = (await findSiblingIds(tx, before.parentId)).filter((s) => s !== id);
    const newSiblings =
      move.parent_id === before.parentId ? oldSiblings : await findSiblingIds(tx, move.parent_id);
    const position = Math.min(move.position ?? newSiblings.length, newSiblings.length);
    const ordered = [...newSiblings.slice(0, position), id, ...newSiblings.slice(position)];
    if (move.parent_id !== before.parentId) await writeSiblingOrder(tx, before.parentId, oldSiblings);
    await writeSiblingOrder(tx, move.parent_id, ordered);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'category.move',
      entity: 'category',
      entityId: id,
      before: { parent_id: before.parentId, display_order: before.displayOrder },
      after: { parent_id: move.parent_id, display_order: position + 1 },
    });
  });
}

/**
 * Puts the children of one parent in a new order. The list must hold every child once: a list
 * made from a stale screen (a child added or moved meanwhile) is refused rather than guessed at.
 */
export async function reorderCategories(db: Db, reorder: CategoryReorder, actor: Actor) {
  return db.transaction(async (tx) => {
    const current = await findSiblingIds(tx, reorder.parent_id);
    const same =
      current.length === reorder.ids.length &&
      new Set(reorder.ids).size === reorder.ids.length &&
      reorder.ids.every((i) => current.includes(i));
    if (!same) throw new AppError('conflict', msg.siblingsChanged);
    await writeSiblingOrder(tx, reorder.parent_id, reorder.ids);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'category.reorder',
      entity: 'category',
      entityId: reorder.parent_id,
      before: { order: current },
      after: { order: reorder.ids },
    });
  });
}
