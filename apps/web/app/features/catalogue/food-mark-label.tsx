import { type FoodType, foodTypeLabels } from '@shop/contract/food-type';
import { FoodMark } from './product-food-mark.tsx';
import classes from './product-food-mark.module.css';

/**
 * The food mark with its meaning written beside it ("Vegetarian", "Non-vegetarian"), for the
 * product page and the quick view; nothing for products that are not food. Kept out of the
 * tiles' chunk (see shell-chunks.ts): only pages that show one product need it.
 */
export function FoodMarkLabel({ foodType }: { foodType: FoodType }) {
  if (foodType === 'not_food') return null;
  return (
    <span className={classes.withText} data-food-type={foodType} data-testid="food-mark">
      <span className={classes.large}>
        <FoodMark foodType={foodType} hidden />
      </span>
      {foodTypeLabels[foodType]}
    </span>
  );
}
