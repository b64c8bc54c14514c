import type { DbOrTx } from '@shop/db/client';
import { categories, categorySlugHistory } from '@shop/db/schema/index';
import { and, asc, eq, ne, sql } from 'drizzle-orm';

/** Drizzle queries of the back office's category tree (hidden categories included); no business rules here. */

export type CategoryRow = typeof categories.$inferSelect;

/** Every category with its direct product count and earlier slugs (a small table). */
export async function findAllCategories(db: DbOrTx) {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      urlSlug: categories.urlSlug,
      displayOrder: categories.displayOrder,
      isActive: categories.isActive,
      image: categories.image,
      productsCount:
        sql<number>`(select count(*) from products p where p.category_id = "categories"."id")`.mapWith(
          Number,
        ),
      oldSlugs: sql<string[]>`coalesce((select array_agg(h.slug order by h.created_at desc, h.slug)
        from category_slug_history h where h.category_id = "categories"."id"), '{}'::text[])`,
    })
    .from(categories)
    .orderBy(asc(categories.parentId), asc(categories.displayOrder), asc(categories.id));
}

export async function findCategoryRow(db: DbOrTx, id: number, forUpdate = false) {
  const query = db.select().from(categories).where(eq(categories.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** id → parent of every category, hidden ones too (to refuse cycles and walk sub-trees). */
export async function findAllCategoryParents(db: DbOrTx) {
  return db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
}

export async function categorySlugInUse(db: DbOrTx, slug: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      exceptId === null
        ? eq(categories.urlSlug, slug)
        : and(eq(categories.urlSlug, slug), ne(categories.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether another category under `parentId` has this name (ignoring case and outer spaces). */
export async function categoryNameInUse(db: DbOrTx, parentId: number, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.parentId, parentId),
        sql`lower(btrim(${categories.name})) = lower(btrim(${name}))`,
        exceptId === null ? undefined : ne(categories.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCategory(db: DbOrTx, values: typeof categories.$inferInsert) {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function updateCategoryRow(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof categories.$inferInsert>,
) {
  const [row] = await db.update(categories).set(patch).where(eq(categories.id, id)).returning();
  return row;
}

/** Keeps `oldSlug` as an earlier address of the category; `newSlug` stops being an earlier one. */
export async function rememberCategorySlug(db: DbOrTx, categoryId: number, oldSlug: string, newSlug: string) {
  await db
    .delete(categorySlugHistory)
    .where(and(eq(categorySlugHistory.categoryId, categoryId), eq(categorySlugHistory.slug, newSlug)));
  await db.insert(categorySlugHistory).values({ categoryId, slug: oldSlug }).onConflictDoNothing();
}

/** Children of a parent in display order (locked, so two reorders of one parent queue). */
export async function findSiblingIds(db: DbOrTx, parentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, parentId))
    .orderBy(asc(categories.displayOrder), asc(categories.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Writes display_order 1, 2, 3 … in the order of `ids` (and the parent, for a move). */
export async function writeSiblingOrder(db: DbOrTx, parentId: number, ids: readonly number[]) {
  for (const [index, id] of ids.entries())
    await db
      .update(categories)
      .set({ parentId, displayOrder: index + 1 })
      .where(eq(categories.id, id));
}
