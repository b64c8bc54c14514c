import { errorMessageOf } from '@shop/contract/api-error';
import type { DeliveryQuote } from '@shop/contract/delivery';
import { PINCODE_PATTERN } from '@shop/contract/pincode';
import { formatInr } from '@shop/contract/money';
import { ApiFailure } from '@shop/contract/storefront-context';
import { IconMapPin } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { api } from '../../lib/api-client.ts';
import classes from './check-delivery-box.module.css';

/** What the box says; the end-to-end test reads the same texts. */
export const checkDeliveryTexts = {
  title: 'Check delivery',
  invalidPincode: 'Please enter a valid 6-digit PIN code.',
  notServiceable: (pincode: string) => `Sorry, we do not deliver to ${pincode} yet.`,
  failed: 'Could not check delivery right now. Please try again.',
  deliversTo: (place: string) => `Delivery to ${place} is available.`,
  eta: (days: number) => (days <= 1 ? 'Arrives in 1 day' : `Arrives in ${days} days`),
  freeDelivery: 'Free delivery',
  charge: (charge: string, freeAbove: string | null) =>
    freeAbove
      ? `Delivery charge ${charge}, free on orders of ${freeAbove} or more`
      : `Delivery charge ${charge}`,
  cod: (max: string | null, fee: string | null) =>
    `Cash on delivery available${max ? ` on orders up to ${max}` : ''}${fee ? ` (${fee} extra)` : ''}`,
  noCod: 'Cash on delivery is not available for this pincode',
} as const;

type State =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'error'; message: string }
  | { status: 'done'; quote: DeliveryQuote };

/**
 * "Check delivery" on the product page: a six-digit pincode asks the shop's delivery quote
 * (GET delivery/{pincode}) and the box answers with the place, how long delivery takes, what it
 * costs (and above which order value it is free) and whether cash on delivery is possible. A
 * malformed pincode is refused before any request; a pincode the shop does not serve, or a
 * failed request, gets a sentence saying so. Runs in the browser only: the page's HTML stays the
 * same for everyone.
 */
export function CheckDeliveryBox() {
  const [pincode, setPincode] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const id = useId();

  async function check(event: FormEvent) {
    event.preventDefault();
    const value = pincode.trim();
    if (!PINCODE_PATTERN.test(value)) {
      setState({ status: 'error', message: checkDeliveryTexts.invalidPincode });
      return;
    }
    setState({ status: 'checking' });
    try {
      const quote = await api.get<DeliveryQuote>(`delivery/${value}`, { auth: false });
      setState({ status: 'done', quote });
    } catch (error) {
      const message =
        error instanceof ApiFailure && error.status >= 400 && error.status < 500
          ? errorMessageOf(error.data, checkDeliveryTexts.invalidPincode)
          : checkDeliveryTexts.failed;
      setState({ status: 'error', message });
    }
  }

  return (
    <section className={classes.box} aria-labelledby={`${id}-title`} data-testid="check-delivery">
      <h2 id={`${id}-title`} className={classes.title}>
        <IconMapPin size={18} aria-hidden /> {checkDeliveryTexts.title}
      </h2>
      <form className={classes.form} onSubmit={check} noValidate>
        <label htmlFor={`${id}-pincode`} className={classes.label}>
          Pincode
        </label>
        <div className={classes.row}>
          <TextInput
            id={`${id}-pincode`}
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="e.g. 302003"
            value={pincode}
            onChange={(e) => setPincode(e.currentTarget.value.replace(/\D/g, ''))}
            aria-invalid={state.status === 'error' || undefined}
            aria-describedby={`${id}-answer`}
            className={classes.input}
          />
          <Button type="submit" color="maroon" loading={state.status === 'checking'}>
            Check
          </Button>
        </div>
      </form>
      <div id={`${id}-answer`} aria-live="polite" className={classes.answer}>
        {state.status === 'error' && <p className={classes.error}>{state.message}</p>}
        {state.status === 'done' && <QuoteAnswer quote={state.quote} />}
      </div>
    </section>
  );
}

function QuoteAnswer({ quote }: { quote: DeliveryQuote }) {
  if (!quote.serviceable)
    return <p className={classes.error}>{checkDeliveryTexts.notServiceable(quote.pincode)}</p>;
  const place = [quote.city, quote.state].filter(Boolean).join(', ') || quote.pincode;
  const freeAbove = quote.free_above === null ? null : formatInr(quote.free_above);
  return (
    <ul className={classes.facts} data-testid="delivery-quote">
      <li className={classes.ok}>{checkDeliveryTexts.deliversTo(place)}</li>
      {quote.eta_days !== null && <li>{checkDeliveryTexts.eta(quote.eta_days)}</li>}
      <li>
        {quote.charge === 0
          ? checkDeliveryTexts.freeDelivery
          : checkDeliveryTexts.charge(formatInr(quote.charge), freeAbove)}
      </li>
      <li>
        {quote.cod_available
          ? checkDeliveryTexts.cod(
              quote.cod_max === null ? null : formatInr(quote.cod_max),
              quote.cod_fee > 0 ? formatInr(quote.cod_fee) : null,
            )
          : checkDeliveryTexts.noCod}
      </li>
    </ul>
  );
}
