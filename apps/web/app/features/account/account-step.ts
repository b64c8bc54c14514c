import { useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * What one account screen hands to the next (/signup and /login to /verify-email,
 * /forgot-password to /verify-otp, /verify-otp to /login), in the history entry's state: the
 * e-mail, and from /signup the sign-up's registration token, so that only a code of this very
 * sign-up verifies the e-mail with the password typed there (ADR 0007).
 *
 * The state survives a reload of the tab and never shows in the address: the next screen's URL is
 * the one product rules §2 name (`/verify-email`, not `/verify-email?email=…`), and the e-mail
 * stays out of the server's and proxies' logs and out of referrers. Until 2026-12-01 the e-mail
 * travelled in the query; a `?email=` there is still read.
 */
export interface AccountStepState {
  email?: string;
  registration_token?: string;
}

export interface AccountStep {
  /** The e-mail to show, or '' when the screen was opened without one (the customer types it). */
  email: string;
  registrationToken?: string;
}

/** The navigation options that hand `step` to the next account screen. */
export function toAccountStep(step: AccountStepState): { state: AccountStepState } {
  return { state: step };
}

/** What a history state and the address's query hand over; anything else in the state is ignored. */
export function accountStepOf(state: unknown, query: URLSearchParams): AccountStep {
  const handed = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  const email = typeof handed.email === 'string' ? handed.email : (query.get('email') ?? '');
  const token = handed.registration_token;
  return {
    email: email.trim(),
    ...(typeof token === 'string' && token.length > 0 ? { registrationToken: token } : {}),
  };
}

const noSubscription = () => () => {};

/**
 * The step handed to this screen. The history state exists only in the browser: the server and
 * the hydrating render read none, and the render after reads it (as lib/browser-storage.ts does
 * with stored values), so a reloaded screen does not mismatch its server HTML.
 */
export function useAccountStep(): AccountStep {
  const location = useLocation();
  const [query] = useSearchParams();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return accountStepOf(inBrowser ? location.state : null, query);
}
