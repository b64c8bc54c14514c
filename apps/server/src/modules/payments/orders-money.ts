/**
 * Whether a captured payment of `gateway` is the order's own money. An order is settled by one
 * way of paying (`payment_gateway`, set when it is confirmed): a capture of another gateway — an
 * online payment that came after cash on delivery or money taken offline confirmed it, a second
 * payment — is a stray, refunded in full, and neither it nor its refund changes the order's
 * payment status or invoice. An order nothing has settled yet owns no capture (one for another
 * total is refunded while the order waits); a cancelled order that never was settled owns every
 * capture, which goes back with it.
 *
 * The one rule behind the verify answer (payment-settlement), the order's payment status after
 * refunds (refunds.service) and reconciliation's kept money; the dashboard's revenue query says the
 * same in SQL.
 */
export function isOrdersMoney(
  order: { paymentGateway: string | null; status: string },
  gateway: string,
): boolean {
  return order.paymentGateway !== null ? gateway === order.paymentGateway : order.status === 'cancelled';
}
