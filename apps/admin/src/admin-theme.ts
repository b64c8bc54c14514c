import {
  Badge,
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  Notification,
  NumberInput,
  mergeThemeOverrides,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { theme } from '@shop/ui/theme';

/**
 * The shop's theme, with rules of the back office's own:
 * - a status badge is never cut short. In a narrow table a badge shrank with its column to "PEN…";
 *   at its full width the table scrolls sideways instead;
 * - text in the shop's saffron is a darker shade 8, so that links (order numbers, product names)
 *   and white text on filled buttons can be read (WCAG AA, 4.5:1): shade 6, the brand's orange,
 *   gives 2.2:1 on a white or striped row, and the shared shade 8 4.5:1 on white but 4.2 on a
 *   striped row; #a85600 gives 5.3 and 4.7;
 * - the text of a filled badge or button is black or white, whichever its colour can carry
 *   (`autoContrast`): white on Mantine's green, yellow or red badges gave 2–3.4:1;
 * - the text of a light badge or button (an order's status, "Shown") is its colour's shade 9 a
 *   quarter darker: shade 6, Mantine's own, gave 2.5–3.5:1 on the pale tint behind it;
 * - secondary ("dimmed") text is a darker grey (below): 5.7:1 on white instead of 3.3:1;
 * - a notice's close button is named "Close notification";
 * - a number field takes no minus sign unless it says so (`allowNegative`: a stock change, a
 *   price change in per cent): every other number here (prices, limits, stock) is 0 or more,
 *   and a typed −50 became ₹0 on leaving the field without a word.
 */
const saffron = (theme.colors?.saffron ?? []).map((shade, i) =>
  i === 8 ? '#a85600' : shade,
) as unknown as MantineColorsTuple;
const readableLightVariant: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  return { ...colors, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 75%, black)` };
};
export const adminTheme = mergeThemeOverrides(theme, {
  variantColorResolver: readableLightVariant,
  colors: { saffron },
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.2,
  components: {
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    NumberInput: NumberInput.extend({ defaultProps: { allowNegative: false } }),
    // Mantine's close button is an unnamed icon: a screen reader would say only "button".
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});

/** Secondary ("dimmed") text one grey darker than Mantine's; a field's error in red 9 (5.5:1, not 3.3:1). */
export const adminCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f676f', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
