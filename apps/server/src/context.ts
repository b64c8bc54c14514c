import type { StaffRole } from '@shop/contract/admin/staff';
import type { CustomerTokenScope } from '@shop/contract/customers';
import type { Database, Db } from '@shop/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env.ts';
import type { ChangeFeed } from './plugins/change-feed.ts';
import type { RateLimiter } from './plugins/rate-limiter.ts';

/** Delivers the mails queued in the outbox (the mail module provides it). */
export interface MailDispatcher {
  /** Delivers what is due now; concurrent calls share one run. */
  flush(): Promise<void>;
  /** Mails given up on after the retry period (the health endpoint shows it). */
  failedCount(): Promise<number>;
  close(): void;
}

/** The live (unrevoked, unexpired) access token behind a presented Bearer token. */
export interface AccessToken {
  id: number;
  customerId: number;
  scope: CustomerTokenScope;
}

/**
 * The back-office session behind a presented session cookie: unrevoked, within its idle and
 * absolute lifetimes, of an account that is not disabled. Its role is read from the account on
 * every request, so a role change or a disabled account takes effect at once.
 */
export interface StaffSessionLookup {
  id: number;
  staffId: number;
  email: string;
  role: StaffRole;
  /** 'totp' while the second factor is still to be given. */
  stage: 'totp' | 'live';
  csrfToken: string;
  totpEnabled: boolean;
}

/**
 * What every module gets: configuration, the database and shared infrastructure.
 * Built once in app.ts; nothing here holds state another instance would need. The shapes of the
 * services that modules provide to shared code (mail delivery, the access-token lookup of the
 * HTTP guard) are declared here, so that shared code never imports a module.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  mail: MailDispatcher;
  /** Finds the access token of a request (the customers module provides it). */
  findAccessToken(token: string): Promise<AccessToken | undefined>;
  /** Finds the back-office session of a session cookie (the staff module provides it). */
  findStaffSession(token: string): Promise<StaffSessionLookup | undefined>;
  /** The database's change notifications (stock, prices, visibility, content). */
  changes: ChangeFeed;
}
