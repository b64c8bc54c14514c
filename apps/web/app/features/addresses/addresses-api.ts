import type { Address, AddressInput, AddressResult } from '@shop/contract/addresses';
import type { Collection } from '@shop/contract/collection';
import { api } from '../../lib/api-client.ts';

/** Saved addresses of the logged-in customer (product rules §7 /customers/address). */
export const addressesApi = {
  list: async () =>
    (await api.get<Collection<Address>>('customers/address', { query: { 'per-page': 200 } })).items,
  add: (input: AddressInput) => api.post<AddressResult>('customers/address', input),
  update: (id: number, input: AddressInput) => api.put<AddressResult>(`customers/address/${id}`, input),
  remove: (id: number) => api.delete<{ message: string }>(`customers/address/${id}`),
};
