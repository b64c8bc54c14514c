import { Link } from 'react-router';
import { GRIEVANCE_PATH, POLICY_LINKS, SELLER_INFORMATION_PATH } from '../lib/policy-links.ts';
import classes from './footer-legal.module.css';

/**
 * What an Indian food shop must show on every page: the seller's details, the way to complain
 * and the policies (Consumer Protection (E-Commerce) Rules 2020), and its FSSAI licence number.
 * Written into the footer itself, not a menu, so that no menu edit can remove them.
 */
export function FooterLegal({ fssaiLicenceNumber }: { fssaiLicenceNumber: string }) {
  return (
    <div className={classes.legal}>
      <nav aria-label="Seller information and policies">
        <ul className={classes.links}>
          <li>
            <Link to={SELLER_INFORMATION_PATH} className={classes.link}>
              Seller Information
            </Link>
          </li>
          <li>
            <Link to={GRIEVANCE_PATH} className={classes.link}>
              Grievance Redressal
            </Link>
          </li>
          {POLICY_LINKS.map((policy) => (
            <li key={policy.to}>
              <Link to={policy.to} className={classes.link}>
                {policy.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {fssaiLicenceNumber && (
        <p className={classes.licence} data-testid="footer-fssai">
          FSSAI Lic. No. {fssaiLicenceNumber}
        </p>
      )}
    </div>
  );
}
