import { useEffect, useState } from 'react';
import { sessionStore } from '../../lib/session-store.ts';
import { addressesApi } from './addresses-api.ts';

/**
 * The pincode of the logged-in customer's selected address (null while unknown, logged out or
 * none selected), so the cart can show that address's delivery charge before the shipping step.
 */
export function useSelectedAddressPincode(addressId: number | null): string | null {
  const [pincode, setPincode] = useState<string | null>(null);
  useEffect(() => {
    if (addressId === null || !sessionStore.token()) return;
    let current = true;
    addressesApi.list().then(
      (list) => {
        if (current) setPincode(list.find((a) => a.id === addressId)?.pin_code ?? null);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [addressId]);
  return pincode;
}
