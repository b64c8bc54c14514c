/** Small helpers for the hand-drawn SVG illustrations of the demo shop. */

export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
export const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";

export const BRAND = {
  saffron: '#e37600',
  saffronLight: '#ffb664',
  maroon: '#7a2e0e',
  deepMaroon: '#5a1f08',
  cream: '#fff4e6',
  white: '#ffffff',
} as const;

export interface Palette {
  /** Gradient top-left → bottom-right. */
  from: string;
  to: string;
  /** Motif fill and stroke. */
  main: string;
  accent: string;
  ink: string;
}

/** Colours by top-level category: warm saffron for food, chilli red for snacks, steel blue for locks. */
export const palettes: Readonly<Record<'food' | 'snacks' | 'locks', readonly Palette[]>> = {
  food: [
    { from: '#ffd09b', to: '#e37600', main: '#fff4e6', accent: '#a20f12', ink: '#5a1f08' },
    { from: '#ffe8cc', to: '#ff921b', main: '#ffffff', accent: '#7a2e0e', ink: '#5a1f08' },
    { from: '#fde2b8', to: '#c8641a', main: '#fff8ee', accent: '#8a4500', ink: '#4a1a05' },
  ],
  snacks: [
    { from: '#ffe27a', to: '#d54a4a', main: '#fffaf0', accent: '#a20f12', ink: '#5a1208' },
    { from: '#ffeaa0', to: '#e8742a', main: '#ffffff', accent: '#b51616', ink: '#5a1208' },
    { from: '#fff1b8', to: '#cf3030', main: '#fff8e8', accent: '#7a2e0e', ink: '#4a0f06' },
  ],
  locks: [
    { from: '#dfe7ef', to: '#4a6580', main: '#f4f7fa', accent: '#c9a227', ink: '#1f2d3a' },
    { from: '#e6ebf0', to: '#2f4858', main: '#ffffff', accent: '#d4a017', ink: '#17232e' },
    { from: '#eef1f4', to: '#5b6b7a', main: '#f7f9fb', accent: '#b8860b', ink: '#1b2630' },
  ],
};

/** The index-th palette of a family (wrapping around). */
export function paletteOf(family: keyof typeof palettes, index: number): Palette {
  const list = palettes[family];
  return list[index % list.length] ?? (palettes.food[0] as Palette);
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Greedy word wrap to at most `maxChars` per line. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Centred multi-line text as <text> with <tspan>s, first baseline at y. */
export function textLines(
  lines: readonly string[],
  x: number,
  y: number,
  options: {
    size: number;
    fill: string;
    weight?: number;
    lineHeight?: number;
    anchor?: string;
    family?: string;
  },
): string {
  const lineHeight = options.lineHeight ?? options.size * 1.2;
  const spans = lines
    .map((line, i) => `<tspan x="${x}" y="${y + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text font-family="${options.family ?? FONT}" font-size="${options.size}" font-weight="${options.weight ?? 700}" fill="${options.fill}" text-anchor="${options.anchor ?? 'middle'}">${spans}</text>`;
}

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export function linearGradient(id: string, from: string, to: string, vertical = false): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** A soft, deterministic dot pattern (rangoli-like) over a background. */
export function dotPattern(id: string, colour: string, spacing: number, opacity: number): string {
  const half = spacing / 2;
  return `<pattern id="${id}" width="${spacing}" height="${spacing}" patternUnits="userSpaceOnUse"><circle cx="${half}" cy="${half}" r="${spacing / 10}" fill="${colour}" fill-opacity="${opacity}"/><circle cx="0" cy="0" r="${spacing / 16}" fill="${colour}" fill-opacity="${opacity}"/><circle cx="${spacing}" cy="${spacing}" r="${spacing / 16}" fill="${colour}" fill-opacity="${opacity}"/></pattern>`;
}

/** Net weight as a label: 500 → '500 g', 5000 → '5 kg', 1900 → '1.9 kg'. */
export function weightLabel(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  const kg = grams / 1000;
  return `${Number.isInteger(kg) ? kg : kg.toFixed(1)} kg`;
}
