import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { answerJsonFor, publicGetCache, responseCacheOf } from '../../http/response-cache.ts';
import { mountCollection } from '../../http/table-collection.ts';
import { publicSettings } from '../settings/settings.service.ts';
import { expireBannersOnSchedule } from './banner-schedule.ts';
import { contentCollections } from './content.collections.ts';

/** GET menus, settings, clienttestimonials, banners, galleries, assets, contents, files, pages. */
export async function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  const cache = publicGetCache(responseCacheOf(ctx), { scope: 'content', json: answerJsonFor(ctx.config) });
  for (const c of [contentCollections[0], publicSettings, ...contentCollections.slice(1)]) {
    if (c) mountCollection(app, ctx.db, cache, c);
  }
  const stopSchedule = expireBannersOnSchedule(ctx);
  app.addHook('onClose', async () => stopSchedule());
}
