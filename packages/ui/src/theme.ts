import { createTheme } from '@mantine/core';

/**
 * Saffron and deep maroon: an Indian grocery and hardware shop. The storefront and the back office
 * share it, so staff work in the shop's own colours.
 */
export const theme = createTheme({
  primaryColor: 'saffron',
  colors: {
    saffron: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd09b',
      '#ffb664',
      '#ffa038',
      '#ff921b',
      '#ff8a09',
      '#e37600',
      '#b35c00',
      '#8a4500',
    ],
    maroon: [
      '#fdecec',
      '#f5d3d3',
      '#eaa4a4',
      '#df7373',
      '#d54a4a',
      '#cf3030',
      '#cd2222',
      '#b51616',
      '#a20f12',
      '#7a2e0e',
    ],
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif' },
  defaultRadius: 'md',
  components: {
    // The close button of a dialog or drawer is an icon: without a name a screen reader says only
    // "button". A dialog that names its own (e.g. 'Close search') keeps it.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
