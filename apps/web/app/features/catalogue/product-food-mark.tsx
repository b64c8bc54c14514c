import { type FoodType, foodTypeLabels } from '@shop/contract/food-type';
import classes from './product-food-mark.module.css';

/**
 * FSSAI's vegetarian mark (a green filled circle in a green square outline) or non-vegetarian
 * mark (a brown filled triangle in a brown square outline), as on food labels; nothing for
 * products that are not food. Read out as "Vegetarian" / "Non-vegetarian". Drawn by the
 * stylesheet, so that the product tiles of every page carry no extra script for it.
 */
export function FoodMark({ foodType, hidden = false }: { foodType: FoodType; hidden?: boolean }) {
  if (foodType === 'not_food') return null;
  const className = `${classes.mark} ${foodType === 'veg' ? classes.veg : classes.nonVeg}`;
  return hidden ? (
    <span className={className} aria-hidden="true" />
  ) : (
    <span className={className} role="img" aria-label={foodTypeLabels[foodType]} />
  );
}
