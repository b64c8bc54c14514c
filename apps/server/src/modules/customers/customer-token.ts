import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '@shop/db/client';
import { customerTokens } from '@shop/db/schema/index';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

/** Access tokens live 30 days; a password-reset token 15 minutes. */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

export type TokenScope = 'full' | 'password_reset';

/** Only the SHA-256 of a token is stored, so a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a random 256-bit token for the customer and returns it (the only time it exists in clear). */
export async function issueToken(
  db: DbOrTx,
  customerId: number,
  scope: TokenScope = 'full',
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const ttl = scope === 'full' ? TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
  await db.insert(customerTokens).values({
    customerId,
    tokenHash: hashToken(token),
    scope,
    expiresAt: new Date(Date.now() + ttl),
  });
  return token;
}

/** The live token row for a presented token, or undefined. */
export async function findLiveToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: customerTokens.id, customerId: customerTokens.customerId, scope: customerTokens.scope })
    .from(customerTokens)
    .where(
      and(
        eq(customerTokens.tokenHash, hashToken(token)),
        isNull(customerTokens.revokedAt),
        gt(customerTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

export async function revokeToken(db: DbOrTx, tokenId: number) {
  await db.update(customerTokens).set({ revokedAt: sql`now()` }).where(eq(customerTokens.id, tokenId));
}

/** Revokes every live token of a customer except `keepTokenId` (after a password change). */
export async function revokeOtherTokens(db: DbOrTx, customerId: number, keepTokenId?: number) {
  await db
    .update(customerTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(customerTokens.customerId, customerId),
        isNull(customerTokens.revokedAt),
        ...(keepTokenId ? [ne(customerTokens.id, keepTokenId)] : []),
      ),
    );
}

/** Turns a password-reset token into a normal login once the password has been changed. */
export async function upgradeToFullScope(db: DbOrTx, tokenId: number) {
  await db
    .update(customerTokens)
    .set({ scope: 'full', expiresAt: new Date(Date.now() + TOKEN_TTL_MS) })
    .where(eq(customerTokens.id, tokenId));
}
