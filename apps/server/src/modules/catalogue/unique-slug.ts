import { slugify } from '@shop/contract/admin/catalogue';
import { AppError } from '../../http/app-error.ts';

/**
 * The address slug of a product or category: the one asked for (refused on `url_slug` with
 * `takenMessage` when `inUse` says another row has it), or one made from the name, numbered
 * `-2`, `-3`, … until it is free.
 */
export async function uniqueSlug(
  wanted: string | undefined,
  name: string,
  inUse: (slug: string) => Promise<boolean>,
  takenMessage: string,
): Promise<string> {
  if (wanted !== undefined) {
    if (await inUse(wanted)) throw AppError.invalid('url_slug', takenMessage);
    return wanted;
  }
  const base = slugify(name);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await inUse(candidate))) return candidate;
  }
}
