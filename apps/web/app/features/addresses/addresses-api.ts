import type { Address, AddressInput, AddressResult } from '@shop/contract/addresses';
import type { Collection } from '@shop/contract/collection';
import { api } from '../../lib/api-client.ts';

/** Saved addresses of the logged-in customer (product rules §7 /customers/address). */
export const addressesApi = {
  // Asked with no query, as the product's client does (§7): the server then lists every saved
  // address (at most MAX_SAVED_ADDRESSES) in one page.
  list: async () => (await api.get<Collection<Address>>('customers/address')).items,
  add: (input: AddressInput) => api.post<AddressResult>('customers/address', input),
  update: (id: number, input: AddressInput) => api.put<AddressResult>(`customers/address/${id}`, input),
  remove: (id: number) => api.delete<{ message: string }>(`customers/address/${id}`),
};
