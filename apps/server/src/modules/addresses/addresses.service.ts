import {
  type Address,
  type AddressInput,
  type AddressType,
  addressMessages,
  MAX_SAVED_ADDRESSES,
  normaliseIndianMobile,
} from '@shop/contract/addresses';
import { GST_STATES, gstStateCodeOf, isGstStateCode } from '@shop/contract/gst';
import { messages } from '@shop/contract/messages';
import type { Db, DbOrTx } from '@shop/db/client';
import type { ShippingAddress } from '@shop/contract/orders';
import { AppError } from '../../http/app-error.ts';
import { lockCustomer } from '../customers/customer-lookup.service.ts';
import { deliveryQuote } from '../fulfilment/fulfilment.service.ts';
import { gstStateOfPinCode } from '../tax/tax.service.ts';
import {
  type AddressRow,
  type AddressValues,
  countAddresses,
  deleteOwnedAddress,
  findOwnedAddress,
  insertAddress,
  listAddresses,
  promoteOldestToDefault,
  updateOwnedAddress,
} from './addresses.repository.ts';

/** Maps a row to the API's snake_case shape. */
export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    contact_person: row.contactPerson,
    mobile_number: row.mobileNumber,
    full_address: row.fullAddress,
    city: row.city,
    pin_code: row.pinCode,
    state: row.state ?? null,
    landmark: row.landmark,
    gstin: row.gstin ?? null,
    address_name: row.addressName,
    address_type: row.addressType as AddressType,
    is_default: row.isDefault,
  };
}

/**
 * A typed state must be the PIN code's (India Post's directory, else its postal circle): GST's
 * place of supply follows the state, delivery the PIN code, and a Delhi PIN with "Rajasthan"
 * typed in would be taxed as a sale within Rajasthan while the parcel goes to Delhi. A state the
 * GST list does not name, or a PIN code whose state is unknown, is left as typed.
 *
 * A GSTIN must be registered in that state (its first two digits): the invoice's place of supply
 * is where the goods are delivered, and a business claims the tax back only on an invoice that
 * names its GSTIN of that state.
 */
async function checkStateAndGstin(db: DbOrTx, input: AddressInput): Promise<void> {
  const typed = input.state?.trim() ? gstStateCodeOf(input.state) : undefined;
  if (!typed && !input.gstin) return;
  const listed = (await deliveryQuote(db, input.pin_code)).state;
  const actual = (listed ? gstStateCodeOf(listed) : undefined) ?? gstStateOfPinCode(input.pin_code);
  if (typed && actual && actual !== typed)
    throw AppError.invalid('state', addressMessages.stateNotOfPinCode(input.pin_code, GST_STATES[actual]));
  const delivered = actual ?? typed;
  if (input.gstin && !delivered) throw AppError.invalid('state', addressMessages.gstinNeedsState);
  const registered = input.gstin?.slice(0, 2);
  if (delivered && registered && isGstStateCode(registered) && registered !== delivered)
    throw AppError.invalid(
      'gstin',
      addressMessages.gstinNotOfState(GST_STATES[registered], GST_STATES[delivered]),
    );
}

function valuesOf(input: AddressInput): AddressValues {
  return {
    contactPerson: input.contact_person,
    // The schema already checked it; normalising stores one spelling (10 digits) for every input form.
    mobileNumber: normaliseIndianMobile(input.mobile_number) ?? input.mobile_number,
    fullAddress: input.full_address,
    city: input.city,
    pinCode: input.pin_code,
    state: input.state?.trim() || null,
    landmark: input.landmark,
    gstin: input.gstin ?? null,
    addressName: input.address_name,
    addressType: input.address_type,
  };
}

/** Another customer's address is reported exactly like a missing one, so ids reveal nothing. */
const notFound = () => AppError.notFound(addressMessages.notFound);

export async function listCustomerAddresses(db: Db, customerId: number): Promise<Address[]> {
  return (await listAddresses(db, customerId)).map(toAddress);
}

export async function getCustomerAddress(db: Db, customerId: number, id: number): Promise<Address> {
  const row = await findOwnedAddress(db, customerId, id);
  if (!row) throw notFound();
  return toAddress(row);
}

/** Adds an address (at most MAX_SAVED_ADDRESSES); the customer's first address becomes the default. */
export async function addAddress(db: Db, customerId: number, input: AddressInput) {
  await checkStateAndGstin(db, input);
  return db.transaction(async (tx) => {
    // Lock the customer row so that two first addresses added at once cannot both become default.
    await lockCustomer(tx, customerId);
    const saved = await countAddresses(tx, customerId);
    if (saved >= MAX_SAVED_ADDRESSES) throw AppError.invalid('address', addressMessages.tooMany);
    const isFirst = saved === 0;
    const row = await insertAddress(tx, customerId, valuesOf(input), isFirst);
    if (!row) throw new Error('address insert returned nothing');
    return { address: toAddress(row), message: messages.addressAdded };
  });
}

export async function updateAddress(db: Db, customerId: number, id: number, input: AddressInput) {
  await checkStateAndGstin(db, input);
  const row = await updateOwnedAddress(db, customerId, id, valuesOf(input));
  if (!row) throw notFound();
  return { address: toAddress(row), message: messages.addressUpdated };
}

/** Removes an address; when it was the default, the oldest remaining one takes over. */
export async function removeAddress(db: Db, customerId: number, id: number) {
  return db.transaction(async (tx) => {
    const row = await deleteOwnedAddress(tx, customerId, id);
    if (!row) throw notFound();
    if (row.isDefault) await promoteOldestToDefault(tx, customerId, id);
    return { message: addressMessages.removed };
  });
}

/**
 * Spec §5: what checkout says when no usable address was chosen — pick one of the saved
 * addresses, or add one first when there are none.
 */
export async function missingAddressMessage(db: DbOrTx, customerId: number): Promise<string> {
  return (await countAddresses(db, customerId)) > 0 ? messages.selectAddress : messages.addNewAddress;
}

/** The delivery address frozen into an order, when the address belongs to the customer. */
export async function shippingSnapshotOf(
  db: DbOrTx,
  customerId: number,
  id: number,
): Promise<{ id: number; snapshot: ShippingAddress } | null> {
  const row = await findOwnedAddress(db, customerId, id);
  if (!row) return null;
  const { id: _id, is_default: _default, ...snapshot } = toAddress(row);
  return { id: row.id, snapshot };
}
