import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { theme } from '@shop/ui/theme';

/**
 * The shop theme's CSS variables, as the text of the `<style data-mantine-styles>` element that
 * MantineProvider would write — computed once per process instead of in every render. Mantine
 * derives them from the theme on each server render (≈1.2 ms, an eighth of a product page's
 * render) though the theme never changes while the server runs. Like Mantine's own (its
 * deduplicateCssVariables default), only the variables that differ from Mantine's defaults are
 * written: its stylesheet has the rest.
 */
export const themeCssVariables: string = (() => {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const differing = (part: keyof ConvertCSSVariablesInput) => {
    const mantine: Record<string, string> = defaults[part];
    return Object.fromEntries(Object.entries(ours[part]).filter(([name, value]) => mantine[name] !== value));
  };
  return convertCssVariables({
    variables: differing('variables'),
    light: differing('light'),
    dark: differing('dark'),
  });
})();
