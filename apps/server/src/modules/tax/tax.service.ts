import { type GstRate, type GstStateCode, isGstRate } from '@shop/contract/gst';
import { chargeRateOf, type LineTax, orderGstSplit, taxInside } from '@shop/contract/gst-split';
import type { DbOrTx } from '@shop/db/client';
import { shopRegistration } from '../settings/shop-registration.service.ts';
import { placeOfSupply, stateOfPinCode } from './place-of-supply.ts';

/** The GST state of a PIN code by its postal circle, for checks outside the tax module. */
export function gstStateOfPinCode(pinCode: string): GstStateCode | undefined {
  return stateOfPinCode(pinCode);
}

/** Services accounting code of a delivery charge billed with the goods (goods transport). */
export const DELIVERY_SAC = '9965';
/**
 * Services accounting code printed on a cash-on-delivery fee: collecting the price at the door is
 * part of the courier's service (9968, postal and courier services). Like the delivery charge it
 * is charged by the seller with the goods, so it is taxed as part of that one supply, at the
 * goods' rate (see orderGstFor), not at the courier's own rate.
 */
export const COD_FEE_SAC = '9968';

export interface LineGst {
  hsnCode: string | null;
  gstRate: GstRate;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface ShippingGst {
  sac: string;
  ratePercent: GstRate;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface OrderGst {
  placeOfSupply: GstStateCode;
  interState: boolean;
  /** In the order of the input lines. */
  lines: LineGst[];
  /** The tax inside the delivery charge; null when delivery is free. */
  shipping: ShippingGst | null;
  /** The tax inside the cash-on-delivery fee; null when there is none. */
  codFee: ShippingGst | null;
}

export interface OrderGstInput {
  address: { pin_code: string; state?: string | null | undefined };
  lines: ReadonlyArray<{ grossPaise: number; gstRate: number; hsnCode: string | null }>;
  discountPaise: number;
  shippingPaise: number;
  /** The cash-on-delivery fee, when the shopper pays at the door (0 or absent otherwise). */
  codFeePaise?: number;
}

const rateOf = (rate: number): GstRate => {
  if (!isGstRate(rate)) throw new RangeError(`not a GST rate: ${rate}`);
  return rate;
};

/**
 * The GST of an order for a shop registered in `shopState`: the coupon discount shared over the
 * goods, each line's taxable value and tax, and the delivery charge and cash-on-delivery fee
 * taxed as part of the supply of the goods they deliver (a composite supply whose principal
 * supply is the goods: at the highest rate among them), never discounted.
 */
export function orderGstFor(shopState: GstStateCode, input: OrderGstInput): OrderGst {
  const place = placeOfSupply(input.address, shopState);
  const split = orderGstSplit({
    supply: place.supply,
    lines: input.lines.map((l) => ({ grossPaise: l.grossPaise, ratePercent: rateOf(l.gstRate) })),
    discountPaise: input.discountPaise,
    deliveryPaise: input.shippingPaise,
    codFeePaise: input.codFeePaise ?? 0,
  });
  const charge = (tax: LineTax | null, sac: string): ShippingGst | null =>
    tax
      ? {
          sac,
          ratePercent: tax.ratePercent,
          taxablePaise: tax.taxablePaise,
          cgstPaise: tax.cgstPaise,
          sgstPaise: tax.sgstPaise,
          igstPaise: tax.igstPaise,
        }
      : null;
  return {
    placeOfSupply: place.stateCode,
    interState: place.supply === 'inter-state',
    lines: input.lines.map((l, i) => {
      const line = split.lines[i];
      if (!line) throw new Error('tax split lost a line');
      return {
        hsnCode: l.hsnCode,
        gstRate: line.ratePercent,
        discountPaise: line.discountPaise,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
      };
    }),
    shipping: charge(split.delivery, DELIVERY_SAC),
    codFee: charge(split.codFee, COD_FEE_SAC),
  };
}

/**
 * The tax inside a charge added to an order already placed (the cash-on-delivery fee): taken out
 * at the charge rate of the order's goods, as orderGstFor taxes every charge.
 */
export function chargeGst(
  amountPaise: number,
  goodsRates: readonly number[],
  interState: boolean,
  sac: string,
): ShippingGst {
  const rate = chargeRateOf(goodsRates.map(rateOf));
  const tax = taxInside(amountPaise, rate, interState ? 'inter-state' : 'intra-state');
  return {
    sac,
    ratePercent: rate,
    taxablePaise: tax.taxablePaise,
    cgstPaise: tax.cgstPaise,
    sgstPaise: tax.sgstPaise,
    igstPaise: tax.igstPaise,
  };
}

/** The shop's state of registration (settings); undefined when it is not set to a known state. */
export async function shopState(db: DbOrTx): Promise<GstStateCode | undefined> {
  const result = await shopRegistration(db);
  return result.ok ? result.registration.stateCode : result.stateCode;
}

/**
 * The GST of an order being placed (checkout): place of supply from the delivery address, the
 * shop's state from its registration. Without a state of registration every supply counts as
 * within the state of delivery (CGST + SGST), which is what the shop owes locally.
 */
export async function orderGst(db: DbOrTx, input: OrderGstInput): Promise<OrderGst> {
  const home = (await shopState(db)) ?? placeOfSupply(input.address, '08').stateCode;
  return orderGstFor(home, input);
}
