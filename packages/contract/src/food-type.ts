/**
 * Whether a product is food, and if so vegetarian or not: FSSAI's green mark for 'veg', the
 * brown one for 'non_veg' (food with egg counts as non-vegetarian), none for 'not_food'. Its own
 * small module: every product tile imports it in the browser.
 */
export const foodTypes = ['veg', 'non_veg', 'not_food'] as const;
export type FoodType = (typeof foodTypes)[number];

/** Accessible names of the food marks (also the words beside them on the product page). */
export const foodTypeLabels: Readonly<Record<Exclude<FoodType, 'not_food'>, string>> = {
  veg: 'Vegetarian',
  non_veg: 'Non-vegetarian',
};
