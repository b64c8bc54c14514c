import { slugify } from './prng.ts';

/**
 * The demo catalogue as typed data. Ids are explicit so that links (menus, banners, tests) can
 * name them; products get ids 1…n in the order listed here.
 */

export interface CategorySeed {
  id: number;
  parentId: number;
  name: string;
  displayOrder: number;
}

/** Category 1 is the hidden root (product rules §2); Food, Snacks and Locks hang below it. */
export const ROOT_CATEGORY = { id: 1, parentId: 0, name: 'All Products', displayOrder: 0 } as const;
export const FOOD_ID = 2;
export const SNACKS_ID = 3;
export const LOCKS_ID = 4;

export const categorySeeds: readonly CategorySeed[] = [
  ROOT_CATEGORY,
  { id: FOOD_ID, parentId: 1, name: 'Food', displayOrder: 1 },
  { id: SNACKS_ID, parentId: 1, name: 'Snacks', displayOrder: 2 },
  { id: LOCKS_ID, parentId: 1, name: 'Locks', displayOrder: 3 },
  { id: 5, parentId: FOOD_ID, name: 'Sweets', displayOrder: 1 },
  { id: 6, parentId: FOOD_ID, name: 'Spices & Masala', displayOrder: 2 },
  { id: 7, parentId: FOOD_ID, name: 'Pickles', displayOrder: 3 },
  { id: 8, parentId: FOOD_ID, name: 'Dry Fruits', displayOrder: 4 },
  { id: 9, parentId: FOOD_ID, name: 'Flours & Grains', displayOrder: 5 },
  { id: 10, parentId: SNACKS_ID, name: 'Namkeen', displayOrder: 1 },
  { id: 11, parentId: SNACKS_ID, name: 'Chips', displayOrder: 2 },
  { id: 12, parentId: SNACKS_ID, name: 'Biscuits & Cookies', displayOrder: 3 },
  { id: 13, parentId: SNACKS_ID, name: 'Bhujia & Mixture', displayOrder: 4 },
  { id: 14, parentId: LOCKS_ID, name: 'Padlocks', displayOrder: 1 },
  { id: 15, parentId: LOCKS_ID, name: 'Door Locks', displayOrder: 2 },
  { id: 16, parentId: LOCKS_ID, name: 'Cabinet Locks', displayOrder: 3 },
  { id: 17, parentId: LOCKS_ID, name: 'Smart Locks', displayOrder: 4 },
];

export const categorySlug = (category: CategorySeed): string => slugify(category.name);
/** The storefront's category link (product rules §2: page number is always 1). */
export const categoryUrl = (category: CategorySeed): string =>
  `/category/${category.id}/1/${categorySlug(category)}`;

export function categoryById(id: number): CategorySeed {
  const category = categorySeeds.find((c) => c.id === id);
  if (!category) throw new Error(`no demo category ${id}`);
  return category;
}

/** Leaf categories: those no other category names as parent. Products live only here. */
export const leafCategories: readonly CategorySeed[] = categorySeeds.filter(
  (c) => c.id !== ROOT_CATEGORY.id && !categorySeeds.some((child) => child.parentId === c.id),
);

export type ProductLabel = 'Featured' | 'New' | 'Bestseller';

export interface ProductSeed {
  name: string;
  categoryId: number;
  /** Net weight in grams (locks too: shipping needs it). */
  weight: number;
  /** Selling price in rupees. */
  price: number;
  /** Maximum retail price in rupees; omitted → same as the selling price. */
  mrp?: number;
  stock: number;
  labels?: readonly ProductLabel[];
  /** One or two sentences about this product; the category adds a closing sentence. */
  blurb: string;
  /** Extra gallery images (attachments). */
  extraImages?: 1 | 2;
}

/**
 * The warranty of each lock category, as the Warranty Policy page lists it (padlocks and cabinet
 * locks 1 year, door locks 2 years, smart locks 1 year without the batteries). That page and the
 * Terms point to the product page for the period, so every lock's description states it.
 */
export const lockWarranty: Readonly<Record<number, string>> = {
  14: 'Warranty: 1 year from delivery against manufacturing defects.',
  15: 'Warranty: 2 years from delivery against manufacturing defects.',
  16: 'Warranty: 1 year from delivery against manufacturing defects.',
  17: 'Warranty: 1 year from delivery against manufacturing defects (batteries not covered).',
};

/** A closing sentence per leaf category (locks: with their warranty), so every description has 2–4 sentences. */
export const categoryClosing: Readonly<Record<number, string>> = {
  5: 'Made fresh in small batches with pure desi ghee and packed in a food-grade box.',
  6: 'Packed in a resealable zip pouch to keep the aroma locked in.',
  7: 'Prepared the traditional way in ceramic barnis and packed in a leak-proof glass jar.',
  8: 'Hand-sorted, vacuum packed and best stored in an airtight container.',
  9: 'Milled in small lots and packed in a breathable, food-grade bag.',
  10: 'Fried in refined groundnut oil and nitrogen packed for crunch.',
  11: 'Sliced thin, fried crisp and sealed in a nitrogen-flushed pack.',
  12: 'Baked in our own ovens without artificial colours.',
  13: 'A true tea-time favourite, made to a Bikaner family recipe.',
  14: lockWarranty[14] ?? '',
  15: `Comes with fixing screws and a fitting guide. ${lockWarranty[15]}`,
  16: `Easy to fit with the screws supplied; ideal for wooden and steel furniture. ${lockWarranty[16]}`,
  17: `Includes batteries, an emergency key and free installation guidance over phone. ${lockWarranty[17]}`,
};

export const productSeeds: readonly ProductSeed[] = [
  // Sweets (5)
  {
    name: 'Kaju Katli',
    categoryId: 5,
    weight: 500,
    price: 620,
    mrp: 680,
    stock: 40,
    labels: ['Featured', 'Bestseller'],
    blurb: 'Diamond-cut cashew fudge finished with edible silver leaf, smooth and not too sweet.',
    extraImages: 2,
  },
  {
    name: 'Soan Papdi',
    categoryId: 5,
    weight: 500,
    price: 180,
    mrp: 200,
    stock: 60,
    blurb: 'Flaky, melt-in-the-mouth layers of gram flour and ghee with cardamom and pistachio flakes.',
  },
  {
    name: 'Motichoor Laddoo',
    categoryId: 5,
    weight: 500,
    price: 320,
    mrp: 350,
    stock: 25,
    labels: ['Featured'],
    blurb: 'Tiny boondi pearls fried in ghee and bound with saffron sugar syrup and melon seeds.',
    extraImages: 1,
  },
  {
    name: 'Gulab Jamun Tin',
    categoryId: 5,
    weight: 1000,
    price: 260,
    mrp: 290,
    stock: 35,
    blurb: 'Soft khoya dumplings soaked in rose-scented syrup, ready to warm and serve.',
  },
  {
    name: 'Besan Laddoo',
    categoryId: 5,
    weight: 400,
    price: 240,
    stock: 0,
    blurb: 'Gram flour slow-roasted in ghee with crushed cardamom and slivered almonds.',
  },
  {
    name: 'Alwar Milk Cake',
    categoryId: 5,
    weight: 500,
    price: 360,
    mrp: 400,
    stock: 18,
    labels: ['New'],
    blurb: 'Grainy, caramelised milk cake made from slowly reduced full-cream milk.',
  },
  // Spices & Masala (6)
  {
    name: 'Garam Masala',
    categoryId: 6,
    weight: 100,
    price: 85,
    mrp: 95,
    stock: 120,
    labels: ['Featured', 'Bestseller'],
    blurb: 'A warm blend of cinnamon, clove, black cardamom and pepper, roasted and ground in small lots.',
    extraImages: 1,
  },
  {
    name: 'Kashmiri Red Chilli Powder',
    categoryId: 6,
    weight: 200,
    price: 140,
    mrp: 160,
    stock: 90,
    blurb: 'Brilliant red colour with gentle heat, just right for tandoori dishes and rich curries.',
  },
  {
    name: 'Haldi Turmeric Powder',
    categoryId: 6,
    weight: 200,
    price: 70,
    mrp: 80,
    stock: 150,
    blurb: 'High-curcumin turmeric from Erode, sun-dried and stone-ground for a deep golden colour.',
  },
  {
    name: 'Chana Masala',
    categoryId: 6,
    weight: 100,
    price: 65,
    stock: 80,
    labels: ['New'],
    blurb: 'A tangy blend with dry mango and pomegranate seed for dark, Punjabi-style chole.',
  },
  {
    name: 'Kitchen King Masala',
    categoryId: 6,
    weight: 100,
    price: 72,
    mrp: 80,
    stock: 0,
    blurb: 'An all-purpose blend of fifteen spices that lifts everyday sabzi and paneer dishes.',
  },
  // Pickles (7)
  {
    name: 'Aam ka Achar',
    categoryId: 7,
    weight: 500,
    price: 190,
    mrp: 220,
    stock: 45,
    labels: ['Featured', 'Bestseller'],
    blurb: 'Raw mango pieces cured in cold-pressed mustard oil with fennel, fenugreek and nigella.',
    extraImages: 2,
  },
  {
    name: 'Nimbu Achar',
    categoryId: 7,
    weight: 400,
    price: 160,
    mrp: 180,
    stock: 30,
    blurb: 'Sweet and sour lemon pickle matured in the sun for six weeks until the peel turns tender.',
  },
  {
    name: 'Mixed Vegetable Achar',
    categoryId: 7,
    weight: 500,
    price: 175,
    stock: 40,
    blurb: 'Carrot, cauliflower, green chilli and lotus stem in a punchy mustard masala.',
  },
  {
    name: 'Bharwan Lal Mirch Achar',
    categoryId: 7,
    weight: 400,
    price: 210,
    mrp: 240,
    stock: 12,
    labels: ['New'],
    blurb: 'Fat red chillies stuffed with mustard, fennel and dry mango, a Banarasi speciality.',
  },
  {
    name: 'Lahsun Garlic Achar',
    categoryId: 7,
    weight: 300,
    price: 150,
    stock: 22,
    blurb: 'Whole garlic cloves pickled with red chilli and a splash of vinegar.',
  },
  // Dry Fruits (8)
  {
    name: 'Mamra Almonds',
    categoryId: 8,
    weight: 250,
    price: 950,
    mrp: 1100,
    stock: 20,
    labels: ['Featured'],
    blurb: 'Rare, oil-rich Mamra almonds from Iran with a naturally sweet, crunchy bite.',
    extraImages: 1,
  },
  {
    name: 'California Almonds',
    categoryId: 8,
    weight: 500,
    price: 520,
    mrp: 600,
    stock: 70,
    labels: ['Bestseller'],
    blurb: 'Plump, uniform almonds for daily soaking, baking and festive gifting.',
  },
  {
    name: 'Kaju Cashew W240',
    categoryId: 8,
    weight: 500,
    price: 560,
    mrp: 640,
    stock: 55,
    blurb: 'Large, whole W240 grade cashews from Goa with a creamy, buttery taste.',
  },
  {
    name: 'Kishmish Golden Raisins',
    categoryId: 8,
    weight: 250,
    price: 140,
    mrp: 160,
    stock: 0,
    blurb: 'Seedless golden raisins from Nashik, naturally sweet and soft.',
  },
  {
    name: 'Akhrot Walnut Kernels',
    categoryId: 8,
    weight: 250,
    price: 420,
    mrp: 480,
    stock: 28,
    labels: ['New'],
    blurb: 'Light halves of Kashmiri walnuts, freshly shelled for salads, halwa and brownies.',
  },
  // Flours & Grains (9)
  {
    name: 'Chakki Fresh Atta',
    categoryId: 9,
    weight: 5000,
    price: 285,
    mrp: 310,
    stock: 80,
    labels: ['Bestseller'],
    blurb: 'Whole wheat from Madhya Pradesh, stone-ground for soft, fluffy rotis.',
  },
  {
    name: 'Besan Gram Flour',
    categoryId: 9,
    weight: 1000,
    price: 110,
    mrp: 125,
    stock: 65,
    blurb: 'Finely milled chana dal flour for pakoras, kadhi and sweets.',
  },
  {
    name: 'Basmati Rice Classic',
    categoryId: 9,
    weight: 5000,
    price: 650,
    mrp: 750,
    stock: 40,
    blurb: 'Aged long-grain basmati that cooks up fragrant and separate.',
    extraImages: 1,
  },
  {
    name: 'Bajra Millet Flour',
    categoryId: 9,
    weight: 1000,
    price: 60,
    stock: 35,
    blurb: 'Pearl millet flour for hearty winter rotis and rabdi, rich in iron and fibre.',
  },
  {
    name: 'Sooji Rava',
    categoryId: 9,
    weight: 1000,
    price: 62,
    stock: 50,
    blurb: 'Medium semolina for upma, halwa and crisp rava dosa.',
  },
  // Namkeen (10)
  {
    name: 'Moong Dal Namkeen',
    categoryId: 10,
    weight: 400,
    price: 110,
    mrp: 120,
    stock: 90,
    labels: ['Featured'],
    blurb: 'Crunchy split moong fried golden and lightly salted.',
    extraImages: 1,
  },
  {
    name: 'Khatta Meetha Mix',
    categoryId: 10,
    weight: 400,
    price: 105,
    stock: 70,
    blurb: 'Sweet, sour and spicy mix of sev, peanuts, raisins and boondi.',
  },
  {
    name: 'Masala Peanuts',
    categoryId: 10,
    weight: 400,
    price: 95,
    stock: 85,
    blurb: 'Peanuts coated in a spicy gram flour batter and fried crisp.',
  },
  {
    name: 'Navratan Mix',
    categoryId: 10,
    weight: 400,
    price: 120,
    mrp: 130,
    stock: 40,
    labels: ['New'],
    blurb: 'Nine kinds of crunch: cornflakes, sev, dal, peanuts, cashew bits and more.',
  },
  {
    name: 'Chana Jor Garam',
    categoryId: 10,
    weight: 200,
    price: 60,
    stock: 0,
    blurb: 'Flattened black gram roasted with chaat masala and a squeeze of lemon.',
  },
  // Chips (11)
  {
    name: 'Masala Banana Chips',
    categoryId: 11,
    weight: 200,
    price: 80,
    mrp: 90,
    stock: 75,
    labels: ['Featured'],
    blurb: 'Kerala nendran bananas fried in coconut oil and dusted with chilli masala.',
    extraImages: 1,
  },
  {
    name: 'Salted Potato Wafers',
    categoryId: 11,
    weight: 150,
    price: 45,
    stock: 120,
    blurb: 'Classic thin potato wafers with just a pinch of salt.',
  },
  {
    name: 'Tapioca Chips',
    categoryId: 11,
    weight: 200,
    price: 70,
    stock: 50,
    blurb: 'Crisp tapioca slices tossed with black pepper and curry leaves.',
  },
  {
    name: 'Jackfruit Chips',
    categoryId: 11,
    weight: 150,
    price: 110,
    mrp: 125,
    stock: 20,
    labels: ['New'],
    blurb: 'Golden jackfruit chips with a gentle natural sweetness.',
  },
  {
    name: 'Peri Peri Potato Chips',
    categoryId: 11,
    weight: 150,
    price: 55,
    stock: 60,
    blurb: 'Ridged potato chips with a fiery peri peri seasoning.',
  },
  // Biscuits & Cookies (12)
  {
    name: 'Jeera Cookies',
    categoryId: 12,
    weight: 400,
    price: 120,
    mrp: 140,
    stock: 55,
    labels: ['Featured'],
    blurb: 'Light, salty-sweet cookies studded with roasted cumin, perfect with masala chai.',
    extraImages: 1,
  },
  {
    name: 'Atta Nankhatai',
    categoryId: 12,
    weight: 400,
    price: 150,
    stock: 40,
    labels: ['Bestseller'],
    blurb: 'Crumbly whole-wheat shortbread with ghee, cardamom and a pistachio on top.',
  },
  {
    name: 'Osmania Biscuits',
    categoryId: 12,
    weight: 400,
    price: 130,
    stock: 35,
    blurb: 'The famous Hyderabadi tea biscuit, buttery with a hint of salt.',
  },
  {
    name: 'Coconut Cookies',
    categoryId: 12,
    weight: 300,
    price: 95,
    stock: 45,
    blurb: 'Crisp, egg-glazed cookies loaded with desiccated coconut.',
  },
  {
    name: 'Kaju Pista Cookies',
    categoryId: 12,
    weight: 300,
    price: 180,
    mrp: 200,
    stock: 0,
    blurb: 'Rich butter cookies with chopped cashews and pistachios.',
  },
  // Bhujia & Mixture (13)
  {
    name: 'Aloo Bhujia',
    categoryId: 13,
    weight: 400,
    price: 95,
    mrp: 105,
    stock: 100,
    labels: ['Featured', 'Bestseller'],
    blurb: 'Fine potato and moth bean sev spiced with mint and black pepper.',
    extraImages: 2,
  },
  {
    name: 'Bikaneri Bhujia',
    categoryId: 13,
    weight: 400,
    price: 100,
    stock: 80,
    blurb: 'Thin moth bean bhujia with the sharp bite of black pepper and cloves.',
  },
  {
    name: 'Ratlami Sev',
    categoryId: 13,
    weight: 400,
    price: 110,
    stock: 45,
    blurb: 'Thick, spicy sev from Ratlam with ajwain and clove.',
  },
  {
    name: 'Cornflakes Mixture',
    categoryId: 13,
    weight: 400,
    price: 105,
    stock: 50,
    labels: ['New'],
    blurb: 'Crunchy cornflakes tossed with peanuts, curry leaves and a sweet-spicy masala.',
  },
  {
    name: 'Diet Chiwda',
    categoryId: 13,
    weight: 300,
    price: 85,
    stock: 60,
    blurb: 'Roasted poha with peanuts and roasted chana, lightly tempered with mustard seeds.',
  },
  // Padlocks (14)
  {
    name: 'Brass Padlock 50 mm',
    categoryId: 14,
    weight: 420,
    price: 450,
    mrp: 520,
    stock: 30,
    labels: ['Featured'],
    blurb: 'Solid brass body with a hardened steel shackle and three brass keys.',
    extraImages: 2,
  },
  {
    name: 'Hardened Steel Padlock 65 mm',
    categoryId: 14,
    weight: 610,
    price: 780,
    mrp: 900,
    stock: 22,
    labels: ['Bestseller'],
    blurb: 'Boron steel shackle and a 7-lever mechanism that resists cutting and picking.',
    extraImages: 1,
  },
  {
    name: 'Iron Padlock 40 mm',
    categoryId: 14,
    weight: 250,
    price: 160,
    stock: 60,
    blurb: 'An everyday iron padlock with a rust-resistant finish and two keys.',
  },
  {
    name: 'Laminated Padlock 45 mm',
    categoryId: 14,
    weight: 300,
    price: 290,
    stock: 0,
    blurb: 'Laminated steel plates with a weatherproof cover for gates and sheds.',
  },
  {
    name: 'Shutter Padlock 70 mm',
    categoryId: 14,
    weight: 850,
    price: 950,
    mrp: 1100,
    stock: 15,
    blurb: 'A heavy-duty padlock for rolling shutters with a shrouded shackle.',
  },
  // Door Locks (15)
  {
    name: 'Mortise Door Lock Set',
    categoryId: 15,
    weight: 1900,
    price: 2450,
    mrp: 2900,
    stock: 12,
    labels: ['Featured'],
    blurb: 'A complete mortise set with satin-finish handles, a 6-lever lock body and four keys.',
    extraImages: 1,
  },
  {
    name: 'Cylindrical Knob Lock',
    categoryId: 15,
    weight: 650,
    price: 890,
    mrp: 990,
    stock: 25,
    blurb: 'A stainless steel knob lock for bedroom and office doors, with a privacy button.',
  },
  {
    name: 'Main Door Rim Lock',
    categoryId: 15,
    weight: 1400,
    price: 1650,
    stock: 18,
    blurb: 'A surface-mounted rim lock with a double-throw bolt and a night latch.',
  },
  {
    name: 'Double Cylinder Deadbolt',
    categoryId: 15,
    weight: 1100,
    price: 1850,
    stock: 10,
    labels: ['New'],
    blurb: 'A key-operated deadbolt on both sides with an anti-drill brass cylinder.',
  },
  {
    name: 'Glass Door Lock',
    categoryId: 15,
    weight: 500,
    price: 1250,
    stock: 8,
    blurb: 'A clamp-on lock for frameless glass doors, no drilling needed.',
  },
  // Cabinet Locks (16)
  {
    name: 'Cupboard Lock 25 mm',
    categoryId: 16,
    weight: 120,
    price: 140,
    mrp: 160,
    stock: 90,
    labels: ['Featured'],
    blurb: 'A compact brass-finish lock for wardrobes and cupboards, with two keys.',
  },
  {
    name: 'Drawer Lock 20 mm',
    categoryId: 16,
    weight: 90,
    price: 110,
    stock: 80,
    blurb: 'A neat drawer lock for desks and dressing tables.',
  },
  {
    name: 'Multipurpose Cam Lock',
    categoryId: 16,
    weight: 100,
    price: 95,
    stock: 70,
    blurb: 'A zinc alloy cam lock for lockers, mailboxes and tool boxes.',
  },
  {
    name: 'Almirah Lock 8 Lever',
    categoryId: 16,
    weight: 350,
    price: 380,
    stock: 40,
    labels: ['Bestseller'],
    blurb: 'An 8-lever lock for steel almirahs with a hardened bolt.',
  },
  {
    name: 'Letter Box Lock',
    categoryId: 16,
    weight: 80,
    price: 75,
    stock: 55,
    blurb: 'A small chrome lock for letter boxes and display cases.',
  },
  // Smart Locks (17)
  {
    name: 'Fingerprint Smart Door Lock',
    categoryId: 17,
    weight: 3200,
    price: 6500,
    mrp: 8999,
    stock: 6,
    labels: ['Featured'],
    blurb:
      'Opens by fingerprint, PIN, RFID card or mechanical key and stores up to 100 fingerprints. An alarm sounds after five wrong attempts.',
    extraImages: 2,
  },
  {
    name: 'Keypad Digital Door Lock',
    categoryId: 17,
    weight: 2800,
    price: 4900,
    mrp: 5999,
    stock: 9,
    labels: ['New'],
    blurb: 'A touch keypad lock with scramble PIN so that no fingerprints give the code away.',
    extraImages: 1,
  },
  {
    name: 'Bluetooth Smart Padlock',
    categoryId: 17,
    weight: 200,
    price: 1450,
    mrp: 1799,
    stock: 14,
    blurb: 'Unlock from your phone or by fingerprint; share access with family for a set time.',
  },
  {
    name: 'RFID Card Door Lock',
    categoryId: 17,
    weight: 2600,
    price: 5800,
    stock: 4,
    blurb: 'A card-operated lock for guest houses and offices, with an audit trail of every entry.',
  },
  {
    name: 'Fingerprint Cabinet Lock',
    categoryId: 17,
    weight: 180,
    price: 1190,
    stock: 20,
    blurb: 'A keyless lock for drawers and cabinets that learns up to 20 fingerprints.',
  },
];

/** A product's GST classification: HSN code (4 digits, enough below ₹5 crore turnover) and rate. */
export interface TaxClass {
  hsn: string;
  rate: 0 | 5 | 12 | 18 | 28;
}

/**
 * GST of the demo catalogue by leaf category, at the rates in force since 22 September 2025
 * (packaged sweets, namkeen, pickles, dry fruits, spices, flours, chips and biscuits 5 %; locks
 * 18 %). The shop's accountant confirms each product's classification before going live.
 */
export const categoryTaxClass: Readonly<Record<number, TaxClass>> = {
  5: { hsn: '2106', rate: 5 }, // sweetmeats
  6: { hsn: '0910', rate: 5 }, // spice mixtures, turmeric
  7: { hsn: '2001', rate: 5 }, // pickles
  8: { hsn: '0802', rate: 5 }, // almonds, walnuts
  9: { hsn: '1101', rate: 5 }, // wheat flour (pre-packaged and labelled)
  10: { hsn: '2106', rate: 5 }, // namkeen
  11: { hsn: '2008', rate: 5 }, // fruit and tuber chips
  12: { hsn: '1905', rate: 5 }, // biscuits and cookies
  13: { hsn: '2106', rate: 5 }, // bhujia and mixtures
  14: { hsn: '8301', rate: 18 }, // padlocks
  15: { hsn: '8301', rate: 18 }, // door locks
  16: { hsn: '8301', rate: 18 }, // furniture locks
  17: { hsn: '8301', rate: 18 }, // electrically operated locks
};

/** Products whose heading differs from their category's. */
export const productHsnOverrides: Readonly<Record<string, string>> = {
  'Kashmiri Red Chilli Powder': '0904',
  'Kaju Cashew W240': '0801',
  'Kishmish Golden Raisins': '0806',
  'Besan Gram Flour': '1106',
  'Basmati Rice Classic': '1006',
  'Bajra Millet Flour': '1102',
  'Sooji Rava': '1103',
  'Salted Potato Wafers': '2005',
  'Peri Peri Potato Chips': '2005',
};

export function taxClassOf(seed: Pick<ProductSeed, 'name' | 'categoryId'>): TaxClass {
  const base = categoryTaxClass[seed.categoryId];
  if (!base) throw new Error(`no tax class for category ${seed.categoryId}`);
  return { ...base, hsn: productHsnOverrides[seed.name] ?? base.hsn };
}
