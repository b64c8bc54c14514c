import { categoryById, FOOD_ID, LOCKS_ID, type ProductSeed, SNACKS_ID } from './catalogue-data.ts';

/**
 * The package declarations of the demo catalogue (what each label says, and so what the product
 * page must repeat): who made, packed or imported it, where it comes from, its common name, net
 * quantity, shelf life, size and whether it is vegetarian. Food is made in the shop's own kitchen
 * in Jaipur, locks in its workshop in Aligarh; a few dry fruits and smart locks are imported and
 * name the shop as importer. Demo values: a real shop copies them from its labels.
 */

export type MakerRole = 'manufacturer' | 'packer' | 'importer';
export type FoodType = 'veg' | 'non_veg' | 'not_food';
export type NetQuantityUnit = 'g' | 'ml' | 'cm' | 'unit';

export interface ProductDeclarations {
  makerRole: MakerRole;
  makerName: string;
  makerAddress: string;
  countryOfOrigin: string;
  genericName: string;
  netQuantity: number;
  netQuantityUnit: NetQuantityUnit;
  bestBefore: string | null;
  dimensions: string | null;
  consumerCare: string | null;
  foodType: FoodType;
}

const KITCHEN = {
  name: 'Kesar Foods and Locks Private Limited',
  address: 'F-118, RIICO Industrial Area, Sitapura, Jaipur, Rajasthan 302022',
};
const LOCK_WORKS = {
  name: 'Kesar Foods and Locks Private Limited (Lock Works)',
  address: 'Plot 17, Industrial Estate, Talanagari, Ramghat Road, Aligarh, Uttar Pradesh 202001',
};
/** The shop's registered office, named as importer on imported goods. */
const IMPORTER = {
  name: 'Kesar Foods and Locks Private Limited',
  address: '42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003',
};
/** Smart locks carry their own service line (installation and repairs go through it). */
const SMART_LOCK_CARE =
  'Kesar Smart Lock Service, Plot 17, Industrial Estate, Talanagari, Aligarh, Uttar Pradesh 202001 · 1800 180 4477 (toll free) · smartlocks@kesarfoods.in';

/** Shelf life by leaf category, as the labels word it. */
const bestBeforeByCategory: Readonly<Record<number, string>> = {
  5: 'Best before 30 days from the date of manufacture; store in a cool, dry place',
  6: 'Best before 12 months from the date of packing',
  7: 'Best before 12 months from the date of manufacture; use a dry spoon',
  8: 'Best before 9 months from the date of packing',
  9: 'Best before 4 months from the date of milling',
  10: 'Best before 4 months from the date of manufacture',
  11: 'Best before 3 months from the date of manufacture',
  12: 'Best before 6 months from the date of manufacture',
  13: 'Best before 4 months from the date of manufacture',
};

/** Common or generic name of every demo product (the label's name of the commodity). */
const genericNames: Readonly<Record<string, string>> = {
  'Kaju Katli': 'Cashew nut barfi (sweetmeat)',
  'Soan Papdi': 'Gram flour flaky sweet (soan papdi)',
  'Motichoor Laddoo': 'Boondi laddoo (sweetmeat)',
  'Gulab Jamun Tin': 'Khoya dumplings in sugar syrup (canned sweet)',
  'Besan Laddoo': 'Gram flour laddoo (sweetmeat)',
  'Alwar Milk Cake': 'Milk cake (khoya-based sweetmeat)',
  'Garam Masala': 'Mixed spice powder',
  'Kashmiri Red Chilli Powder': 'Red chilli powder',
  'Haldi Turmeric Powder': 'Turmeric powder',
  'Chana Masala': 'Mixed spice powder for chickpea curry',
  'Kitchen King Masala': 'Mixed spice powder',
  'Aam ka Achar': 'Mango pickle in mustard oil',
  'Nimbu Achar': 'Lemon pickle',
  'Mixed Vegetable Achar': 'Mixed vegetable pickle in mustard oil',
  'Bharwan Lal Mirch Achar': 'Stuffed red chilli pickle',
  'Lahsun Garlic Achar': 'Garlic pickle',
  'Mamra Almonds': 'Almond kernels (Mamra)',
  'California Almonds': 'Almond kernels',
  'Kaju Cashew W240': 'Cashew kernels, whole, grade W240',
  'Kishmish Golden Raisins': 'Dried grapes (golden raisins)',
  'Akhrot Walnut Kernels': 'Walnut kernels, light halves',
  'Chakki Fresh Atta': 'Whole wheat flour (atta)',
  'Besan Gram Flour': 'Bengal gram flour (besan)',
  'Basmati Rice Classic': 'Basmati rice, aged, raw',
  'Bajra Millet Flour': 'Pearl millet flour',
  'Sooji Rava': 'Wheat semolina (sooji)',
  'Moong Dal Namkeen': 'Fried split green gram (namkeen)',
  'Khatta Meetha Mix': 'Sweet and sour namkeen mixture',
  'Masala Peanuts': 'Coated fried peanuts (namkeen)',
  'Navratan Mix': 'Namkeen mixture',
  'Chana Jor Garam': 'Roasted flattened black gram (namkeen)',
  'Masala Banana Chips': 'Banana chips, fried in coconut oil',
  'Salted Potato Wafers': 'Potato chips, salted',
  'Tapioca Chips': 'Tapioca chips',
  'Jackfruit Chips': 'Jackfruit chips',
  'Peri Peri Potato Chips': 'Potato chips, flavoured',
  'Jeera Cookies': 'Cumin biscuits',
  'Atta Nankhatai': 'Whole wheat shortbread biscuits',
  'Osmania Biscuits': 'Butter tea biscuits',
  'Coconut Cookies': 'Coconut biscuits (contains egg)',
  'Kaju Pista Cookies': 'Cashew and pistachio butter biscuits',
  'Aloo Bhujia': 'Potato and moth bean sev (namkeen)',
  'Bikaneri Bhujia': 'Moth bean sev (namkeen)',
  'Ratlami Sev': 'Gram flour sev (namkeen)',
  'Cornflakes Mixture': 'Cornflakes namkeen mixture',
  'Diet Chiwda': 'Roasted flattened rice mixture (namkeen)',
  'Brass Padlock 50 mm': 'Padlock, brass',
  'Hardened Steel Padlock 65 mm': 'Padlock, hardened steel',
  'Iron Padlock 40 mm': 'Padlock, iron',
  'Laminated Padlock 45 mm': 'Padlock, laminated steel',
  'Shutter Padlock 70 mm': 'Padlock for rolling shutters',
  'Mortise Door Lock Set': 'Mortise door lock with handles',
  'Cylindrical Knob Lock': 'Cylindrical door knob lock',
  'Main Door Rim Lock': 'Rim door lock',
  'Double Cylinder Deadbolt': 'Deadbolt door lock',
  'Glass Door Lock': 'Glass door lock',
  'Cupboard Lock 25 mm': 'Cupboard lock',
  'Drawer Lock 20 mm': 'Drawer lock',
  'Multipurpose Cam Lock': 'Cam lock',
  'Almirah Lock 8 Lever': 'Almirah lock, 8 lever',
  'Letter Box Lock': 'Letter box lock',
  'Fingerprint Smart Door Lock': 'Electronic door lock (fingerprint)',
  'Keypad Digital Door Lock': 'Electronic door lock (keypad)',
  'Bluetooth Smart Padlock': 'Electronic padlock (Bluetooth)',
  'RFID Card Door Lock': 'Electronic door lock (RFID card)',
  'Fingerprint Cabinet Lock': 'Electronic cabinet lock (fingerprint)',
};

/** Size of every demo lock, as its box states it (width × height × depth). */
const lockDimensions: Readonly<Record<string, string>> = {
  'Brass Padlock 50 mm': 'Body 50 × 46 × 18 mm; shackle 8 mm thick, 24 mm clearance',
  'Hardened Steel Padlock 65 mm': 'Body 65 × 58 × 26 mm; shackle 11 mm thick, 30 mm clearance',
  'Iron Padlock 40 mm': 'Body 40 × 38 × 16 mm; shackle 6 mm thick, 20 mm clearance',
  'Laminated Padlock 45 mm': 'Body 45 × 42 × 24 mm; shackle 7 mm thick, 22 mm clearance',
  'Shutter Padlock 70 mm': 'Body 70 × 62 × 30 mm; shrouded shackle 12 mm thick',
  'Mortise Door Lock Set':
    'Lock body 85 × 160 × 16 mm (backset 60 mm); handle plates 230 × 48 mm; for doors 35–50 mm thick',
  'Cylindrical Knob Lock': 'Knob 58 mm diameter; backset 60 mm; for doors 35–45 mm thick',
  'Main Door Rim Lock': 'Case 150 × 95 × 32 mm; for doors 32–55 mm thick',
  'Double Cylinder Deadbolt': 'Escutcheon 68 mm diameter; bolt throw 25 mm; for doors 35–55 mm thick',
  'Glass Door Lock': 'Body 120 × 40 × 30 mm; for glass 10–12 mm thick',
  'Cupboard Lock 25 mm': 'Body 25 × 40 × 12 mm; cylinder 16 mm',
  'Drawer Lock 20 mm': 'Body 20 × 32 × 10 mm; cylinder 14 mm',
  'Multipurpose Cam Lock': 'Cylinder 19 mm diameter × 25 mm; cam 40 mm',
  'Almirah Lock 8 Lever': 'Body 70 × 65 × 14 mm; bolt 10 mm',
  'Letter Box Lock': 'Cylinder 16 mm diameter × 20 mm; cam 30 mm',
  'Fingerprint Smart Door Lock': 'Front 380 × 72 × 28 mm; back 380 × 72 × 30 mm; for doors 40–90 mm thick',
  'Keypad Digital Door Lock': 'Front 310 × 70 × 25 mm; back 310 × 70 × 28 mm; for doors 40–80 mm thick',
  'Bluetooth Smart Padlock': 'Body 52 × 70 × 22 mm; shackle 7 mm thick, 28 mm clearance',
  'RFID Card Door Lock': 'Front 285 × 72 × 22 mm; back 285 × 72 × 26 mm; for doors 38–60 mm thick',
  'Fingerprint Cabinet Lock': 'Reader 36 mm diameter; lock body 70 × 35 × 20 mm; for panels up to 25 mm',
};

/** Imported products: their country of origin (the shop is the importer). */
const imports: Readonly<Record<string, string>> = {
  'Mamra Almonds': 'Iran',
  'California Almonds': 'United States of America',
  'Fingerprint Smart Door Lock': 'China',
  'Keypad Digital Door Lock': 'China',
  'Bluetooth Smart Padlock': 'China',
  'RFID Card Door Lock': 'China',
};

/** Dry fruits and grains bought in bulk and packed by the shop: it is their packer. */
const packedCategories = new Set([8, 9]);

/** Foods with egg: the brown non-vegetarian mark. */
const nonVegetarian = new Set(['Coconut Cookies']);

const isLock = (seed: Pick<ProductSeed, 'categoryId'>) => categoryById(seed.categoryId).parentId === LOCKS_ID;
const isFood = (seed: Pick<ProductSeed, 'categoryId'>) => {
  const top = categoryById(seed.categoryId).parentId;
  return top === FOOD_ID || top === SNACKS_ID;
};

/** The declarations of one demo product (bench products take their base product's). */
export function declarationsOf(
  seed: Pick<ProductSeed, 'name' | 'categoryId' | 'weight'>,
): ProductDeclarations {
  const origin = imports[seed.name];
  const lock = isLock(seed);
  const maker = origin ? IMPORTER : lock ? LOCK_WORKS : KITCHEN;
  const genericName = genericNames[seed.name];
  if (!genericName) throw new Error(`no generic name for ${seed.name}`);
  return {
    makerRole: origin ? 'importer' : packedCategories.has(seed.categoryId) ? 'packer' : 'manufacturer',
    makerName: maker.name,
    makerAddress: maker.address,
    countryOfOrigin: origin ?? 'India',
    genericName,
    // Food is sold by net weight; a lock (or a lock set) by number.
    netQuantity: lock ? 1 : seed.weight,
    netQuantityUnit: lock ? 'unit' : 'g',
    bestBefore: isFood(seed) ? (bestBeforeByCategory[seed.categoryId] ?? null) : null,
    dimensions: lock ? (lockDimensions[seed.name] ?? null) : null,
    consumerCare: seed.categoryId === 17 ? SMART_LOCK_CARE : null,
    foodType: !isFood(seed) ? 'not_food' : nonVegetarian.has(seed.name) ? 'non_veg' : 'veg',
  };
}
