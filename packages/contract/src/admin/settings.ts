import { z } from 'zod';
import { FSSAI_FORMAT, GST_STATES, gstMessages, gstStateCodeOf, gstinProblem } from '../gst.ts';
import { messages } from '../messages.ts';
import { EMAIL_PATTERN } from '../validation.ts';
import { youtubeIdOf } from '../youtube-tag.ts';

/**
 * The shop's typed settings: which keys the back office edits, what kind of value each holds,
 * how that value is checked, and where the storefront (or an invoice, or a mail) shows it. The
 * same definitions check a value in the settings form and on the server.
 *
 * Currency display is not a setting: the shop sells in rupees only and every amount is shown by
 * the contract's one formatter (₹1,23,456.00, Indian digit grouping); the settings screen says so.
 */

export type SettingType =
  | 'text'
  | 'long-text'
  /** Short text that may carry inline markup (bold, links); sanitised when saved and when read. */
  | 'inline-html'
  | 'email'
  | 'phone'
  /** A WhatsApp number with country code, stored as digits only (919876543210). */
  | 'whatsapp'
  | 'url'
  /** A YouTube video's link (or its id), as the home page's video block reads it. */
  | 'youtube'
  /** An amount in paise over the API; stored in rupees, as the order rules read it. */
  | 'money'
  | 'gstin'
  /** A state or union territory, by name or GST code; stored as its name. */
  | 'state'
  | 'fssai';

export type SettingGroup =
  | 'Shop'
  | 'Search engines'
  | 'Contact'
  | 'Orders'
  | 'Social links'
  | 'Footer and home page'
  | 'Seller and tax invoices'
  | 'Grievance officer'
  | 'Page titles and descriptions';

export interface SettingDefinition {
  key: string;
  label: string;
  group: SettingGroup;
  type: SettingType;
  /** Where the value shows, in the words of the shop. */
  shows: string;
  /** A storefront page on which to see it. */
  previewPath: string | null;
  /** Must not be empty. */
  required: boolean;
}

const def = (
  key: string,
  label: string,
  group: SettingGroup,
  type: SettingType,
  shows: string,
  previewPath: string | null = '/',
  required = false,
): SettingDefinition => ({ key, label, group, type, shows, previewPath, required });

/** The shop's own settings (the page kinds' title templates follow in SETTING_DEFINITIONS). */
const SHOP_SETTINGS: readonly SettingDefinition[] = [
  def(
    'site_name',
    'Shop name',
    'Shop',
    'text',
    'Browser tab titles, the shop name search engines and link previews show. Empty: "Kesar Foods & Locks".',
  ),
  def(
    'home_title',
    'Home page title',
    'Search engines',
    'text',
    'The home page’s browser tab and the headline of its search result.',
    '/',
    true,
  ),
  def(
    'home_meta_description',
    'Home page description',
    'Search engines',
    'long-text',
    'The text under the home page’s search result and in link previews.',
  ),
  def(
    'home_meta_keywords',
    'Home page keywords',
    'Search engines',
    'text',
    'The home page’s meta keywords (comma separated).',
  ),
  def(
    'company_contact_number',
    'Phone number',
    'Contact',
    'phone',
    'The top bar, the footer, the Contact us page and the shop’s details for search engines.',
    '/contact-us',
  ),
  def(
    'company_email_address',
    'Shop e-mail address',
    'Contact',
    'email',
    'The footer and Contact us page; contact enquiries, cancellations and grievances are mailed here.',
    '/contact-us',
    true,
  ),
  def(
    'company_whatsapp_number',
    'WhatsApp number',
    'Contact',
    'whatsapp',
    'The green WhatsApp button on every page (with country code, e.g. 91 98765 43210). Empty: no button.',
  ),
  def(
    'minimum_order_amount',
    'Minimum order amount',
    'Orders',
    'money',
    'The cart and checkout refuse smaller orders and say how much more to add. ₹0: no minimum.',
    '/cart',
    true,
  ),
  def(
    'social_links_facebook',
    'Facebook page',
    'Social links',
    'url',
    'The footer’s and home page’s Follow us icons. Empty: no icon.',
  ),
  def(
    'social_links_instagram',
    'Instagram profile',
    'Social links',
    'url',
    'The footer’s and home page’s Follow us icons. Empty: no icon.',
  ),
  def(
    'social_links_twitter',
    'X (Twitter) profile',
    'Social links',
    'url',
    'The footer’s and home page’s Follow us icons. Empty: no icon.',
  ),
  def(
    'social_links_youtube',
    'YouTube channel',
    'Social links',
    'url',
    'The footer’s and home page’s Follow us icons. Empty: no icon.',
  ),
  def(
    'footer_about_company',
    'About the shop (footer)',
    'Footer and home page',
    'long-text',
    'The paragraph about the shop in the footer of every page.',
  ),
  def(
    'footer_copyright_message',
    'Copyright line',
    'Footer and home page',
    'inline-html',
    'The last line of every page (bold and links allowed).',
  ),
  def(
    'home_youtube_video_url',
    'Home page video',
    'Footer and home page',
    'youtube',
    'The video block of the home page (a YouTube link).',
  ),
  def(
    'seller_legal_name',
    'Legal name',
    'Seller and tax invoices',
    'text',
    'The Seller information page and every tax invoice.',
    '/seller-information',
  ),
  def(
    'seller_address',
    'Registered address',
    'Seller and tax invoices',
    'long-text',
    'The Seller information page and every tax invoice.',
    '/seller-information',
  ),
  def(
    'seller_branch_addresses',
    'Branch addresses',
    'Seller and tax invoices',
    'long-text',
    'The Seller information page: the other premises (branches, factory, warehouses), one address per line.',
    '/seller-information',
  ),
  def(
    'seller_gstin',
    'GSTIN',
    'Seller and tax invoices',
    'gstin',
    'Every tax invoice and the Seller information page; its state decides CGST + SGST or IGST.',
    '/seller-information',
  ),
  def(
    'seller_state',
    'State of registration',
    'Seller and tax invoices',
    'state',
    'Tax invoices (place of supply) and the Seller information page; must match the GSTIN.',
    '/seller-information',
  ),
  def(
    'fssai_licence_number',
    'FSSAI licence number',
    'Seller and tax invoices',
    'fssai',
    'Every tax invoice and the Seller information page (food sellers must show it).',
    '/seller-information',
  ),
  def(
    'grievance_officer_name',
    'Name',
    'Grievance officer',
    'text',
    'The Seller information and Grievance pages.',
    '/grievance',
  ),
  def(
    'grievance_officer_designation',
    'Designation',
    'Grievance officer',
    'text',
    'The Seller information and Grievance pages.',
    '/grievance',
  ),
  def(
    'grievance_officer_email',
    'E-mail address',
    'Grievance officer',
    'email',
    'The Seller information and Grievance pages.',
    '/grievance',
  ),
  def(
    'grievance_officer_phone',
    'Phone number',
    'Grievance officer',
    'phone',
    'The Seller information and Grievance pages.',
    '/grievance',
  ),
];

/**
 * The storefront's pages other than home whose title, description and keywords come from
 * `{module}_title`, `{module}_meta_description` and `{module}_meta_keywords` (product rules §2),
 * with a page to see each on. The demo shop seeds the same modules (db seed content-data.ts).
 */
export const PAGE_META_MODULES: readonly { module: string; label: string; previewPath: string | null }[] = [
  { module: 'category', label: 'Category pages', previewPath: null },
  { module: 'product', label: 'Product pages', previewPath: null },
  { module: 'search', label: 'Search results', previewPath: '/search?q=kaju' },
  { module: 'page', label: 'Content pages', previewPath: '/page/about-us' },
  { module: 'gallery', label: 'Photo galleries', previewPath: null },
  { module: 'video_gallery', label: 'Video galleries', previewPath: null },
  { module: 'contact_us', label: 'Contact us', previewPath: '/contact-us' },
  { module: 'cart', label: 'Cart', previewPath: '/cart' },
  { module: 'login', label: 'Login', previewPath: '/login' },
  { module: 'signup', label: 'Sign-up', previewPath: '/signup' },
  { module: 'orders', label: 'Order history', previewPath: '/orders' },
  { module: 'seller_information', label: 'Seller information', previewPath: '/seller-information' },
  { module: 'grievance', label: 'Grievances', previewPath: '/grievance' },
  { module: 'verify_email', label: 'E-mail verification', previewPath: '/verify-email' },
  { module: 'forgot_password', label: 'Forgot password', previewPath: '/forgot-password' },
  { module: 'verify_otp', label: 'Password reset code', previewPath: '/verify-otp' },
  { module: 'change_password', label: 'Change password', previewPath: '/change-password' },
  { module: 'shipping', label: 'Shipping', previewPath: '/shipping' },
  { module: 'payment', label: 'Payment', previewPath: '/payment' },
];

const PLACEHOLDERS =
  '{TITLE}, {META_DESCRIPTION} and {META_KEYWORDS} stand for the page’s own name, description and keywords.';

/** Three settings of each page kind: title, description and keywords templates. */
const pageMetaDefinitions = PAGE_META_MODULES.flatMap(({ module, label, previewPath }) => [
  def(
    `${module}_title`,
    `${label}: title`,
    'Page titles and descriptions',
    'text',
    `The browser tab and search result headline of ${label.toLowerCase()}. ${PLACEHOLDERS}`,
    previewPath,
  ),
  def(
    `${module}_meta_description`,
    `${label}: description`,
    'Page titles and descriptions',
    'long-text',
    `The text under a search result and in link previews of ${label.toLowerCase()}. ${PLACEHOLDERS}`,
    previewPath,
  ),
  def(
    `${module}_meta_keywords`,
    `${label}: keywords`,
    'Page titles and descriptions',
    'text',
    `The meta keywords of ${label.toLowerCase()} (comma separated). ${PLACEHOLDERS}`,
    previewPath,
  ),
]);

/** Every setting the back office edits, in the order its screen shows them. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [...SHOP_SETTINGS, ...pageMetaDefinitions];

export const settingDefinitionOf = (key: string): SettingDefinition | undefined =>
  SETTING_DEFINITIONS.find((d) => d.key === key);

export const settingMessages = {
  unknown: 'There is no such setting.',
  required: 'This setting cannot be empty.',
  email: 'Give an e-mail address such as care@example.in.',
  phone: 'Give a phone number of 10 to 13 digits (spaces, + and - allowed).',
  whatsapp: 'Give a mobile number with its country code, e.g. 91 98765 43210.',
  url: 'Give a full address starting with https://.',
  youtube: 'Give a YouTube video link, e.g. https://www.youtube.com/watch?v=…, or its video id.',
  money: 'Give an amount in paise: a whole number from 0 to 1,00,00,000 (₹1,00,000).',
  text: 'This must be text.',
  tooLong: messages.tooLong,
} as const;

const MAX_LENGTH: Record<SettingType, number> = {
  text: 200,
  'long-text': 2_000,
  'inline-html': 1_000,
  email: 254,
  phone: 20,
  whatsapp: 20,
  url: 500,
  youtube: 500,
  money: 20,
  gstin: 15,
  state: 60,
  fssai: 14,
};

/** Largest minimum order: ₹1,00,000. */
const MAX_MONEY_PAISE = 10_000_000;

export type SettingCheck = { ok: true; stored: string } | { ok: false; message: string };

/**
 * Checks one value for a setting and gives the text to store: trimmed, digits only for
 * WhatsApp, rupees for money, upper case for a GSTIN, the state's name for a state. Money is sent
 * as paise (a whole number); everything else as text. An empty value is allowed unless required.
 */
export function checkSettingValue(definition: SettingDefinition, input: unknown): SettingCheck {
  const fail = (message: string): SettingCheck => ({ ok: false, message });
  if (definition.type === 'money') {
    const paise = typeof input === 'string' && /^\d{1,9}$/.test(input.trim()) ? Number(input) : input;
    if (typeof paise !== 'number' || !Number.isInteger(paise) || paise < 0 || paise > MAX_MONEY_PAISE)
      return fail(settingMessages.money);
    return { ok: true, stored: String(paise / 100) };
  }
  if (typeof input !== 'string') return fail(settingMessages.text);
  const value = input.trim();
  if (value === '') return definition.required ? fail(settingMessages.required) : { ok: true, stored: '' };
  const max = MAX_LENGTH[definition.type];
  if (value.length > max) return fail(settingMessages.tooLong(max));
  switch (definition.type) {
    case 'email':
      return EMAIL_PATTERN.test(value) ? { ok: true, stored: value } : fail(settingMessages.email);
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return /^\+?[\d\s()-]+$/.test(value) && digits >= 10 && digits <= 13
        ? { ok: true, stored: value }
        : fail(settingMessages.phone);
    }
    case 'whatsapp': {
      if (!/^\+?[\d\s-]+$/.test(value)) return fail(settingMessages.whatsapp);
      const digits = value.replace(/\D/g, '');
      // A bare Indian mobile number gets India's country code.
      const full = digits.length === 10 && /^[6-9]/.test(digits) ? `91${digits}` : digits;
      return full.length >= 11 && full.length <= 15 && !full.startsWith('0')
        ? { ok: true, stored: full }
        : fail(settingMessages.whatsapp);
    }
    case 'url':
      // https only, as the message says: these are links the shop shows every visitor.
      return /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i.test(value) && URL.canParse(value)
        ? { ok: true, stored: value }
        : fail(settingMessages.url);
    case 'youtube':
      return youtubeIdOf(value) ? { ok: true, stored: value } : fail(settingMessages.youtube);
    case 'gstin': {
      const problem = gstinProblem(value);
      return problem ? fail(problem) : { ok: true, stored: value.toUpperCase() };
    }
    case 'state': {
      const code = gstStateCodeOf(value);
      return code ? { ok: true, stored: GST_STATES[code] } : fail(gstMessages.unknownState);
    }
    case 'fssai':
      return FSSAI_FORMAT.test(value) ? { ok: true, stored: value } : fail(gstMessages.fssai);
    default:
      return { ok: true, stored: value };
  }
}

/** The value the API shows for a stored setting: paise for money, the text otherwise. */
export function settingValueForDisplay(definition: SettingDefinition, stored: string): string | number {
  if (definition.type !== 'money') return stored;
  const trimmed = stored.trim();
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : 0;
}

const settingValue = z.union([z.string(), z.number()]);

export const adminSettingSchema = z.object({
  key: z.string(),
  label: z.string(),
  group: z.string(),
  type: z.string(),
  shows: z.string(),
  preview_path: z.string().nullable(),
  required: z.boolean(),
  /** Paise for money settings, text otherwise. */
  value: settingValue,
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;

export const settingsListSchema = z.object({ items: z.array(adminSettingSchema) });

/** PUT settings: the keys to change and their new values; other settings stay as they are. */
export const settingsUpdateSchema = z.object({
  values: z.record(z.string().max(100), settingValue),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
