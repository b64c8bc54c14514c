import { sanitizeInlineHtml } from '../../lib/inline-html.ts';
import type { RootData } from '../../lib/root-data.ts';
import { shopTexts } from '../../lib/shop-texts.ts';

export type SocialNetwork = 'youtube' | 'facebook' | 'instagram' | 'twitter';
const NETWORKS: SocialNetwork[] = ['youtube', 'facebook', 'instagram', 'twitter'];

export interface ContactDetails {
  email: string;
  phone: string;
  /** `tel:` target: digits and a leading + only. */
  phoneHref: string;
  /** Sanitised inline HTML (line breaks, emphasis). */
  addressHtml: string;
  /** Only the networks whose link is set (product rules §2). */
  social: { network: SocialNetwork; url: string }[];
}

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * What the Contact Us page shows, from settings and content blocks. The seeded settings name
 * social links `social_links_{network}`; the layout's names are accepted too.
 */
export function contactDetailsOf(data: RootData): ContactDetails {
  const texts = shopTexts(data);
  const phone = texts.phone;
  const social = NETWORKS.map((network) => ({
    network,
    url: (texts.social[network] || data.settings[`social_links_${network}`] || '').trim(),
  })).filter((s) => isWebLink(s.url));
  return {
    email: texts.email,
    phone,
    phoneHref: phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : '',
    addressHtml: sanitizeInlineHtml(texts.address),
    social,
  };
}
