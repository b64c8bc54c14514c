import { type FoodType, foodTypeLabels } from '@shop/contract/package-declarations';
import classes from './food-mark.module.css';

/** FSSAI's colours: green for vegetarian food, brown for non-vegetarian (egg counts as non-veg). */
const VEG_GREEN = '#00803c';
const NON_VEG_BROWN = '#7b3f00';

/**
 * FSSAI's vegetarian mark (a green filled circle inside a green square outline) or
 * non-vegetarian mark (a brown filled triangle inside a brown square outline), drawn as on food
 * labels; nothing for products that are not food. Read out as "Vegetarian" / "Non-vegetarian";
 * `withText` writes that word beside the mark too.
 */
export function FoodMark({
  foodType,
  size = 18,
  withText = false,
}: {
  foodType: FoodType;
  size?: number;
  withText?: boolean;
}) {
  if (foodType === 'not_food') return null;
  const label = foodTypeLabels[foodType];
  const colour = foodType === 'veg' ? VEG_GREEN : NON_VEG_BROWN;
  const mark = (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      className={classes.mark}
      role={withText ? undefined : 'img'}
      aria-label={withText ? undefined : label}
      aria-hidden={withText || undefined}
      focusable="false"
    >
      {withText ? null : <title>{label}</title>}
      <rect x="1" y="1" width="18" height="18" rx="2" fill="#fff" stroke={colour} strokeWidth="2" />
      {foodType === 'veg' ? (
        <circle cx="10" cy="10" r="5" fill={colour} />
      ) : (
        <path d="M10 4.5 L15.5 14.5 H4.5 Z" fill={colour} />
      )}
    </svg>
  );
  if (!withText) return mark;
  return (
    <span className={classes.withText} data-food-type={foodType} data-testid="food-mark">
      {mark}
      <span style={{ color: colour }}>{label}</span>
    </span>
  );
}
