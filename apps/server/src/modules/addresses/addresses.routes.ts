import { addressInputSchema, MAX_SAVED_ADDRESSES } from '@shop/contract/addresses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { customerOf, requireCustomer } from '../../http/authenticate.ts';
import {
  pageRequest,
  paginationQueryOf,
  parseSort,
  sendCollection,
  sortInMemory,
} from '../../http/collection.ts';
import { addAddress, listCustomerAddresses, removeAddress, updateAddress } from './addresses.service.ts';
import { idParam } from '../../http/query-params.ts';

/** The shared path id rule: an id that is no id ("abc", "-1", "2147483648") is a 404 like an unknown one. */
const idParams = z.object({ id: idParam });

/** `sort=` fields of the address list; without one the list keeps its order (default address first). */
const ADDRESS_SORTS = ['id', 'address_name', 'contact_person', 'city', 'pin_code'] as const;

/** Saved delivery addresses of the logged-in customer (product rules §7 /customers/address). */
export async function addressesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireCustomer(ctx);
  const tags = ['addresses'];

  // A collection like every other (Yii2 envelope); a customer has few addresses, so paging is in
  // memory. Without a per-page the list holds every saved address (at most MAX_SAVED_ADDRESSES):
  // the product's client asks with no query (§7) and must see the one it selected.
  api.get(
    '/customers/address',
    { onRequest: auth, schema: { tags, querystring: z.looseObject(paginationQueryOf(MAX_SAVED_ADDRESSES)) } },
    async (request, reply) => {
      const sort = parseSort(request.query.sort, ADDRESS_SORTS, []);
      const all = sortInMemory(
        await listCustomerAddresses(ctx.db, customerOf(request).id),
        sort,
        (address, field) => address[field],
      );
      const page = pageRequest(request.query);
      return sendCollection(reply, all.slice(page.offset, page.offset + page.perPage), all.length, page);
    },
  );

  api.post(
    '/customers/address',
    { onRequest: auth, schema: { tags, body: addressInputSchema } },
    async (request) => addAddress(ctx.db, customerOf(request).id, request.body),
  );

  api.put(
    '/customers/address/:id',
    { onRequest: auth, schema: { tags, params: idParams, body: addressInputSchema } },
    async (request) => updateAddress(ctx.db, customerOf(request).id, request.params.id, request.body),
  );

  api.delete(
    '/customers/address/:id',
    { onRequest: auth, schema: { tags, params: idParams } },
    async (request) => removeAddress(ctx.db, customerOf(request).id, request.params.id),
  );
}
