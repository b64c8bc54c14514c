import { Link } from 'react-router';
import { POLICY_LINKS } from '../lib/policy-links.ts';
import classes from './policy-links.module.css';

/**
 * The return, refund, cancellation, shipping and warranty policies, linked where the customer
 * decides to buy (cart and payment), before anything is paid.
 */
export function PolicyLinks({ intro = 'Please read our policies before you pay:' }: { intro?: string }) {
  return (
    <nav className={classes.box} aria-label="Shop policies" data-testid="policy-links">
      <p className={classes.intro}>{intro}</p>
      <ul className={classes.list}>
        {POLICY_LINKS.map((policy) => (
          <li key={policy.to}>
            <Link to={policy.to} className={classes.link}>
              {policy.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
