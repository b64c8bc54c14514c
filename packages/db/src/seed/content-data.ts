import { categoryById, categoryUrl } from './catalogue-data.ts';

/** Site-wide texts, menus, banners, galleries and pages of the demo shop, as typed data. */

export const COMPANY_NAME = 'Kesar Foods & Locks';
export const DEMO_VIDEO_ID = 'ysz5S6PUM-U';

const link = (categoryId: number) => categoryUrl(categoryById(categoryId));

// ── Settings (module 'frontend', public) ─────────────────────────────────────────────────────

/** Modules whose pages read `{module}_title`, `{module}_meta_description`, `{module}_meta_keywords`. */
export const metaModules = [
  'home',
  'category',
  'search',
  'page',
  'gallery',
  'video_gallery',
  'contact_us',
  'cart',
  'login',
  'signup',
  'orders',
  'seller_information',
  'grievance',
  'product',
  'verify_email',
  'forgot_password',
  'verify_otp',
  'change_password',
  'shipping',
  'payment',
] as const;

const homeMeta: Record<string, string> = {
  home_title: 'Kesar Foods & Locks | Sweets, Spices, Namkeen and Locks Online',
  home_meta_description:
    'Buy fresh Indian sweets, spices, pickles, dry fruits, namkeen and dependable padlocks, door locks and smart locks online from Kesar Foods & Locks, Jaipur. Delivery across India.',
  home_meta_keywords:
    'kaju katli, garam masala, aam ka achar, aloo bhujia, brass padlock, mortise door lock, smart door lock, buy online india',
};

/** Every other module takes its title and meta from the item on the page ({TITLE} etc.). */
function placeholderMeta(module: string): Record<string, string> {
  return {
    [`${module}_title`]: `{TITLE} | ${COMPANY_NAME}`,
    [`${module}_meta_description`]: '{META_DESCRIPTION}',
    [`${module}_meta_keywords`]: '{META_KEYWORDS}, kesar foods, buy online india',
  };
}

/**
 * Who sells (shown on /seller-information, printed on tax invoices) and the grievance officer.
 * Demo values: the GSTIN is made up but well formed (Rajasthan, state code 08, with a correct
 * check character); a real shop replaces every one of them.
 */
export const sellerSettingSeeds: Readonly<Record<string, string>> = {
  seller_legal_name: 'Kesar Foods and Locks Private Limited',
  seller_address: '42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003',
  seller_branch_addresses: [
    'Factory: F-118, RIICO Industrial Area, Sitapura, Jaipur, Rajasthan 302022',
    'Lock works: Plot 17, Industrial Estate, Talanagari, Ramghat Road, Aligarh, Uttar Pradesh 202001',
  ].join('\n'),
  seller_gstin: '08AAKCK4242M1Z5',
  seller_state: 'Rajasthan',
  fssai_licence_number: '10826999000123',
  grievance_officer_name: 'Meera Agarwal',
  grievance_officer_designation: 'Grievance Officer and Head of Customer Care',
  grievance_officer_email: 'grievance@kesarfoods.in',
  grievance_officer_phone: '+91 141 260 3344',
};

export const settingSeeds: Readonly<Record<string, string>> = {
  company_contact_number: '+91 98765 43210',
  company_email_address: 'care@kesarfoods.in',
  company_whatsapp_number: '919876543210',
  footer_about_company:
    'Kesar Foods & Locks has served Indian homes since 1987 with fresh sweets, hand-ground spices and crunchy namkeen from Jaipur. Our sister workshop in Aligarh makes the sturdy brass and steel locks that keep those homes safe.',
  footer_copyright_message: '© 2026 <strong>Kesar Foods &amp; Locks</strong>. All rights reserved.',
  home_youtube_video_url: `https://www.youtube.com/watch?v=${DEMO_VIDEO_ID}`,
  social_links_facebook: 'https://www.facebook.com/kesarfoodsandlocks',
  social_links_youtube: 'https://www.youtube.com/@kesarfoodsandlocks',
  social_links_instagram: 'https://www.instagram.com/kesarfoodsandlocks',
  // Empty on purpose: the storefront shows a social link only if it is set.
  social_links_twitter: '',
  /** Rupees. */
  minimum_order_amount: '199',
  ...sellerSettingSeeds,
  ...Object.fromEntries(
    metaModules.flatMap((module) => Object.entries(module === 'home' ? homeMeta : placeholderMeta(module))),
  ),
};

/**
 * The shop's own registration (tax invoices print it) and the premises it names. A production
 * start leaves these empty: a real shop sets its own, and no invoice is issued until it has.
 */
export const registrationSettingKeys = [
  'seller_legal_name',
  'seller_address',
  'seller_branch_addresses',
  'seller_gstin',
  'seller_state',
  'fssai_licence_number',
] as const;

// ── Content blocks ─────────────────────────────────────────────────────────────────────────

export const contentSeeds: Readonly<Record<string, string>> = {
  header_top_text: 'Free delivery in Jaipur · Delivery across India · Cash on delivery in most areas',
  home_people_saying_description:
    'Thousands of families across India trust us for their festive sweets, everyday masalas and the locks on their doors. Here is what some of them say.',
  home_featured_product_description:
    'Hand-picked favourites from our kitchen and our lock workshop: fresh, honest and priced fairly.',
  home_more_to_discover_text:
    'From our own spice mills in Jaipur to the lock workshop in Aligarh, we make most of what we sell. We deliver across India (Check delivery on any product page tells you the charge for your PIN code), take bulk and corporate orders, and design custom gift hampers and lock sets for builders.',
  home_follow_us_description: 'Follow us for recipes, festive offers and home security tips.',
  home_newsletter_description:
    'Subscribe to our newsletter for new arrivals, festival offers and recipes. No spam, unsubscribe any time.',
  company_address:
    'Kesar Foods &amp; Locks<br>42, Johari Bazaar, Near Hawa Mahal<br>Jaipur, Rajasthan 302003',
};

// ── Menus ──────────────────────────────────────────────────────────────────────────────────

export interface MenuSeed {
  id: number;
  parentId: number;
  name: string;
  url: string;
  category: 'header-menus' | 'footer-quick-link-menus';
  displayOrder: number;
}

export const menuSeeds: readonly MenuSeed[] = [
  { id: 1, parentId: 0, name: 'Home', url: '/', category: 'header-menus', displayOrder: 1 },
  { id: 2, parentId: 0, name: 'Products', url: link(2), category: 'header-menus', displayOrder: 2 },
  { id: 3, parentId: 2, name: 'Food', url: link(2), category: 'header-menus', displayOrder: 1 },
  { id: 4, parentId: 2, name: 'Snacks', url: link(3), category: 'header-menus', displayOrder: 2 },
  { id: 5, parentId: 2, name: 'Locks', url: link(4), category: 'header-menus', displayOrder: 3 },
  { id: 6, parentId: 3, name: 'Sweets', url: link(5), category: 'header-menus', displayOrder: 1 },
  { id: 7, parentId: 3, name: 'Spices & Masala', url: link(6), category: 'header-menus', displayOrder: 2 },
  { id: 8, parentId: 0, name: 'About Us', url: '/page/about-us', category: 'header-menus', displayOrder: 3 },
  { id: 9, parentId: 0, name: 'Gallery', url: '/gallery/events', category: 'header-menus', displayOrder: 4 },
  {
    id: 10,
    parentId: 9,
    name: 'Event Photos',
    url: '/gallery/events',
    category: 'header-menus',
    displayOrder: 1,
  },
  // Every gallery of the demo shop has its menu item: a gallery page has no links to the others.
  {
    id: 18,
    parentId: 9,
    name: 'Factory Photos',
    url: '/gallery/factory',
    category: 'header-menus',
    displayOrder: 2,
  },
  {
    id: 11,
    parentId: 9,
    name: 'Product Videos',
    url: '/gallery/video/products',
    category: 'header-menus',
    displayOrder: 3,
  },
  {
    id: 19,
    parentId: 9,
    name: 'Recipe Videos',
    url: '/gallery/video/recipes',
    category: 'header-menus',
    displayOrder: 4,
  },
  { id: 12, parentId: 0, name: 'Contact Us', url: '/contact-us', category: 'header-menus', displayOrder: 5 },
  {
    id: 13,
    parentId: 0,
    name: 'About Us',
    url: '/page/about-us',
    category: 'footer-quick-link-menus',
    displayOrder: 1,
  },
  {
    id: 14,
    parentId: 0,
    name: 'Privacy Policy',
    url: '/page/privacy-policy',
    category: 'footer-quick-link-menus',
    displayOrder: 2,
  },
  {
    id: 15,
    parentId: 0,
    name: 'Terms',
    url: '/page/terms',
    category: 'footer-quick-link-menus',
    displayOrder: 3,
  },
  // No policy pages here: the footer links every policy itself (not a menu that an edit could
  // remove), so a menu item for one would show it twice.
  {
    id: 17,
    parentId: 0,
    name: 'Contact Us',
    url: '/contact-us',
    category: 'footer-quick-link-menus',
    displayOrder: 4,
  },
];

// ── Banners ────────────────────────────────────────────────────────────────────────────────

export type BannerCategory =
  | 'Homepage Banners'
  | 'Home Right Video Banners'
  | 'Home Bottom Video Banners'
  | 'Inner Page Banners';

export interface BannerSeed {
  category: BannerCategory;
  name: string;
  /** Second line drawn on the image. */
  tagline: string;
  url: string | null;
  image: string;
  width: number;
  height: number;
}

export const bannerSeeds: readonly BannerSeed[] = [
  {
    category: 'Homepage Banners',
    name: 'Festive Sweets Collection',
    tagline: 'Kaju katli, laddoo and milk cake, made fresh in pure ghee',
    url: link(5),
    image: 'homepage-sweets.webp',
    width: 1600,
    height: 600,
  },
  {
    category: 'Homepage Banners',
    name: 'Spices from the Source',
    tagline: 'Stone-ground masalas from our own mill in Jaipur',
    url: link(6),
    image: 'homepage-spices.webp',
    width: 1600,
    height: 600,
  },
  {
    category: 'Homepage Banners',
    name: 'Locks that Last',
    tagline: 'Brass and steel locks from Aligarh, and smart locks',
    url: link(4),
    image: 'homepage-locks.webp',
    width: 1600,
    height: 600,
  },
  {
    category: 'Home Right Video Banners',
    name: 'Namkeen for Every Mood',
    tagline: 'Bhujia, mixtures and chips',
    url: link(10),
    image: 'right-namkeen.webp',
    width: 800,
    height: 450,
  },
  {
    category: 'Home Right Video Banners',
    name: 'Smart Locks',
    tagline: 'Fingerprint, keypad and card',
    url: link(17),
    image: 'right-smart-locks.webp',
    width: 800,
    height: 450,
  },
  {
    category: 'Home Bottom Video Banners',
    name: 'Dry Fruit Gift Boxes',
    tagline: 'Almonds, cashews and walnuts',
    url: link(8),
    image: 'bottom-dry-fruits.webp',
    width: 800,
    height: 450,
  },
  {
    category: 'Home Bottom Video Banners',
    name: 'Pickles like Nani Made',
    tagline: 'Sun-cured in mustard oil',
    url: link(7),
    image: 'bottom-pickles.webp',
    width: 800,
    height: 450,
  },
  {
    category: 'Inner Page Banners',
    name: COMPANY_NAME,
    tagline: 'Taste and trust since 1987',
    url: '/page/about-us',
    image: 'inner-page.webp',
    width: 1600,
    height: 300,
  },
];

// ── Testimonials ───────────────────────────────────────────────────────────────────────────

export interface TestimonialSeed {
  name: string;
  designation: string;
  description: string;
  image: string;
}

export const testimonialSeeds: readonly TestimonialSeed[] = [
  {
    name: 'Ananya Sharma',
    designation: 'Homemaker, Jaipur',
    description:
      'The kaju katli tasted exactly like the one from our old family halwai. It arrived in two days, perfectly packed.',
    image: 'ananya-sharma.webp',
  },
  {
    name: 'Rajesh Agarwal',
    designation: 'Hardware Dealer, Aligarh',
    description:
      'I have stocked their brass padlocks for eight years and returns are almost nil. Customers ask for them by name.',
    image: 'rajesh-agarwal.webp',
  },
  {
    name: 'Priya Nair',
    designation: 'Chef, Kochi',
    description:
      'Their Kashmiri chilli gives my curries a colour no other brand manages. The garam masala is fresh and fragrant.',
    image: 'priya-nair.webp',
  },
  {
    name: 'Vikram Singh Rathore',
    designation: 'Architect, Udaipur',
    description:
      'We fitted the fingerprint smart lock in three villas and the clients love it. Installation support on phone was patient and clear.',
    image: 'vikram-singh-rathore.webp',
  },
  {
    name: 'Meera Iyer',
    designation: 'Software Engineer, Bengaluru',
    description:
      'Aloo bhujia and jeera cookies are now a monthly order in our house. Delivery to Bengaluru has always been on time.',
    image: 'meera-iyer.webp',
  },
  {
    name: 'Farhan Qureshi',
    designation: 'Restaurant Owner, Lucknow',
    description:
      'The aam ka achar is the closest thing to homemade I have found. We now serve it with every thali.',
    image: 'farhan-qureshi.webp',
  },
];

// ── Assets ─────────────────────────────────────────────────────────────────────────────────

export const assetSeeds = [
  { name: 'company-logo-white', image: 'company-logo-white.png', alt: `${COMPANY_NAME} logo` },
  { name: 'company-logo-main', image: 'company-logo-main.png', alt: `${COMPANY_NAME} logo` },
  {
    name: 'home-more-discover-img1',
    image: 'home-more-discover-img1.webp',
    alt: 'Spices being ground at our mill',
  },
  {
    name: 'home-more-discover-img2',
    image: 'home-more-discover-img2.webp',
    alt: 'Locks on the assembly bench',
  },
  // The home video's poster: the player (and YouTube) loads only when it is clicked.
  { name: 'home-video-poster', image: 'home-video-poster.webp', alt: 'Watch our story' },
] as const;

// ── Galleries ──────────────────────────────────────────────────────────────────────────────

export interface GalleryImageSeed {
  category: 'events' | 'factory';
  name: string;
  image: string;
}

const galleryImage = (category: GalleryImageSeed['category'], name: string, file: string) => ({
  category,
  name,
  image: `${category}-${file}.webp`,
});

export const galleryImageSeeds: readonly GalleryImageSeed[] = [
  galleryImage('events', 'Diwali Mela stall, Jaipur', 'diwali-mela'),
  galleryImage('events', 'Sweets tasting at Johari Bazaar', 'sweets-tasting'),
  galleryImage('events', 'Teej festival gift hampers', 'teej-hampers'),
  galleryImage('events', 'Holi namkeen counter', 'holi-counter'),
  galleryImage('events', 'Aligarh lock exhibition 2025', 'lock-exhibition'),
  galleryImage('events', 'Dealer meet, Lucknow', 'dealer-meet'),
  galleryImage('events', 'Rakhi gift box launch', 'rakhi-launch'),
  galleryImage('events', 'Annual staff picnic at Nahargarh', 'staff-picnic'),
  galleryImage('factory', 'Spice grinding unit', 'spice-grinding'),
  galleryImage('factory', 'Namkeen frying line', 'namkeen-line'),
  galleryImage('factory', 'Pickle curing in ceramic barnis', 'pickle-curing'),
  galleryImage('factory', 'Lock body casting', 'lock-casting'),
  galleryImage('factory', 'Lever assembly bench', 'lever-assembly'),
  galleryImage('factory', 'Quality testing lab', 'quality-lab'),
];

export interface VideoSeed {
  category: 'products' | 'recipes';
  name: string;
  videoId: string;
}

export const videoSeeds: readonly VideoSeed[] = [
  { category: 'products', name: 'Inside our Jaipur kitchen', videoId: DEMO_VIDEO_ID },
  { category: 'products', name: 'How a 7-lever padlock is made', videoId: 'aqz-KE-bpKQ' },
  { category: 'products', name: 'Setting up the fingerprint smart lock', videoId: 'M7lc1UVf-VE' },
  { category: 'products', name: 'Packing dry fruit gift boxes', videoId: 'LXb3EKWsInQ' },
  { category: 'recipes', name: 'Chole with our chana masala', videoId: 'jNQXAC9IVRw' },
  { category: 'recipes', name: 'Quick bhel with aloo bhujia', videoId: 'ScMzIvxBSi4' },
  { category: 'recipes', name: 'Kaju katli at home', videoId: 'YE7VzlLtp-4' },
];

export const catalogueFile = { name: 'Product Catalogue 2026', fileName: 'catalogue.pdf' } as const;
