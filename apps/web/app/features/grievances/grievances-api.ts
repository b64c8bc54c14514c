import type { GrievanceCreated, GrievanceView } from '@shop/contract/grievances';
import { api } from '../../lib/api-client.ts';
import type { GrievanceFormValues } from './grievance-form-schema.ts';

/**
 * POST grievances. A logged-in customer's token goes along, so the grievance is linked to the
 * account; a guest files it just the same.
 */
export function fileGrievance(values: GrievanceFormValues, captchaValue: string): Promise<GrievanceCreated> {
  return api.post<GrievanceCreated>('grievances', { ...values, captcha_value: captchaValue });
}

/** GET grievances/{ticket}?email=…: the status, for the e-mail address the grievance was filed with. */
export function lookupGrievance(ticket: string, email: string): Promise<GrievanceView> {
  return api.get<GrievanceView>(`grievances/${encodeURIComponent(ticket.trim())}`, {
    query: { email: email.trim() },
    auth: false,
  });
}
