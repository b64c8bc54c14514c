import type { Database, Db } from '@shop/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env.ts';
import type { MailDispatcher } from './modules/mail/mail.service.ts';
import type { ChangeFeed } from './plugins/change-feed.ts';
import type { RateLimiter } from './plugins/rate-limiter.ts';

/**
 * What every module gets: configuration, the database and shared infrastructure.
 * Built once in app.ts; nothing here holds state another instance would need.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  mail: MailDispatcher;
  /** The database's change notifications (stock, prices, visibility, content). */
  changes: ChangeFeed;
}
