import { type RootData, shopText } from './root-data.ts';

/** First non-empty text among alternative keys (settings first, then content blocks). */
function firstText(data: RootData, keys: string[]): string {
  for (const key of keys) {
    const value = shopText(data, key).trim();
    if (value) return value;
  }
  return '';
}

export interface SocialLinks {
  facebook: string;
  instagram: string;
  twitter: string;
  youtube: string;
}

/** The named shop texts the layout and home page show (product rules §2), in one place. */
export function shopTexts(data: RootData) {
  const social: SocialLinks = {
    facebook: firstText(data, [
      'social_links_facebook',
      'facebook_url',
      'facebook_link',
      'company_facebook_url',
      'facebook',
    ]),
    instagram: firstText(data, [
      'social_links_instagram',
      'instagram_url',
      'instagram_link',
      'company_instagram_url',
      'instagram',
    ]),
    twitter: firstText(data, [
      'social_links_twitter',
      'twitter_url',
      'twitter_link',
      'company_twitter_url',
      'twitter',
    ]),
    youtube: firstText(data, [
      'social_links_youtube',
      'youtube_url',
      'youtube_link',
      'company_youtube_url',
      'youtube',
    ]),
  };
  return {
    headerTopText: firstText(data, ['header_top_text']),
    phone: firstText(data, ['company_contact_number', 'company_phone', 'company_phone_number']),
    email: firstText(data, ['company_email_address', 'company_email']),
    address: firstText(data, ['company_address']),
    whatsapp: firstText(data, ['company_whatsapp_number', 'whatsapp_number']).replace(/[^\d]/g, ''),
    aboutCompany: firstText(data, ['footer_about_company', 'about_company']),
    youtubeVideoUrl: firstText(data, ['home_youtube_video_url']),
    featuredDescription: firstText(data, ['home_featured_product_description']),
    moreToDiscoverText: firstText(data, ['home_more_to_discover_text']),
    peopleSayingDescription: firstText(data, ['home_people_saying_description']),
    followUsDescription: firstText(data, ['home_follow_us_description']),
    newsletterDescription: firstText(data, ['home_newsletter_description']),
    social,
  };
}

export type ShopTexts = ReturnType<typeof shopTexts>;

/** The raw copyright message (may contain HTML; the root loader sanitises it). */
export function copyrightSource(data: RootData): string {
  return firstText(data, ['footer_copyright_message', 'copyright_message']);
}
