import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { addresses, customers } from '../schema/index.ts';

export const DEMO_CUSTOMER_EMAIL = 'demo@kesarfoods.in';
export const DEMO_CUSTOMER_PASSWORD = 'Demo@12345';

/**
 * scrypt hash of DEMO_CUSTOMER_PASSWORD in the server's format (http/password-hash.ts:
 * `scrypt$N$r$p$salt$hash`). Precomputed so that the seed needs no server code; the password is
 * public anyway, and the customers tests prove that it logs in.
 */
const DEMO_PASSWORD_HASH =
  'scrypt$32768$8$1$UfCsJu_n8Jl6lFSIcpo9VQ$AhVTTJKEkZLuPZ0lCGa1Id2focXml-rNmkBZlS50wto';

/** A verified demo customer with one default 'home' address in Jaipur; does nothing if it exists. */
export async function seedDemoCustomer(tx: DbOrTx): Promise<void> {
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, DEMO_CUSTOMER_EMAIL))
    .limit(1);
  if (existing) return;
  const [customer] = await tx
    .insert(customers)
    .values({ email: DEMO_CUSTOMER_EMAIL, passwordHash: DEMO_PASSWORD_HASH, emailVerifiedAt: new Date() })
    .returning({ id: customers.id });
  if (!customer) throw new Error('demo customer was not created');
  await tx.insert(addresses).values({
    customerId: customer.id,
    contactPerson: 'Aarav Sharma',
    mobileNumber: '9829012345',
    fullAddress: '14, Shanti Nagar, Near Durgapura Flyover, Tonk Road',
    city: 'Jaipur',
    pinCode: '302018',
    landmark: 'Opposite Durgapura Railway Station',
    addressName: 'Home',
    addressType: 'home',
    isDefault: true,
  });
}
