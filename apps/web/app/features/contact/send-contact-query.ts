import type { MessageResponse } from '@shop/contract/engagement';
import { api } from '../../lib/api-client.ts';
import type { ContactFormValues } from './contact-form-schema.ts';

/** POST contact_queries (product rules §7); the captcha value is the ALTCHA payload. */
export function sendContactQuery(values: ContactFormValues, captchaValue: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(
    'contact_queries',
    { ...values, captcha_value: captchaValue },
    { auth: false },
  );
}
