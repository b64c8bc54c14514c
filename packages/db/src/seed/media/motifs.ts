import type { Prng } from '../prng.ts';
import type { Palette } from './svg-kit.ts';

/**
 * Simple flat illustrations, one per leaf category, drawn in a 400×400 box centred on 0,0.
 * Place them with `<g transform="translate(x y) scale(s)">`.
 */
export type MotifKind =
  | 'sweets'
  | 'spices'
  | 'pickles'
  | 'dry-fruits'
  | 'flours'
  | 'namkeen'
  | 'chips'
  | 'biscuits'
  | 'bhujia'
  | 'padlock'
  | 'door-lock'
  | 'cabinet-lock'
  | 'smart-lock';

export const motifByCategory: Readonly<Record<number, MotifKind>> = {
  5: 'sweets',
  6: 'spices',
  7: 'pickles',
  8: 'dry-fruits',
  9: 'flours',
  10: 'namkeen',
  11: 'chips',
  12: 'biscuits',
  13: 'bhujia',
  14: 'padlock',
  15: 'door-lock',
  16: 'cabinet-lock',
  17: 'smart-lock',
};

const shadow = '<ellipse cx="0" cy="175" rx="150" ry="18" fill="#000" fill-opacity="0.12"/>';

/** A round serving bowl (thali-style) that several food motifs fill. */
function bowl(p: Palette, filling: string): string {
  return `${shadow}${filling}<path d="M-170 20 A170 150 0 0 0 170 20 Z" fill="${p.accent}"/><path d="M-170 20 L170 20" stroke="${p.ink}" stroke-width="6" stroke-opacity="0.3"/><path d="M-120 70 Q0 120 120 70" stroke="#fff" stroke-width="8" stroke-opacity="0.35" fill="none" stroke-linecap="round"/>`;
}

function dots(
  prng: Prng,
  count: number,
  colours: readonly string[],
  box: { w: number; h: number; y: number },
) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = prng.int(-box.w / 2, box.w / 2);
    const y = box.y - prng.int(0, box.h);
    out += `<circle cx="${x}" cy="${y}" r="${prng.int(7, 13)}" fill="${prng.pick(colours)}"/>`;
  }
  return out;
}

function sweets(p: Palette, round: boolean): string {
  // Diamond-cut barfi on a plate, or a pyramid of round sweets (laddoo, jamun).
  if (!round) {
    let pieces = '';
    const positions: Array<[number, number]> = [
      [-90, 40],
      [0, 40],
      [90, 40],
      [-45, -20],
      [45, -20],
      [0, -80],
    ];
    for (const [x, y] of positions) {
      pieces += `<path d="M${x} ${y - 55} L${x + 55} ${y} L${x} ${y + 55} L${x - 55} ${y} Z" fill="${p.main}" stroke="${p.ink}" stroke-opacity="0.25" stroke-width="4"/><path d="M${x - 20} ${y - 20} L${x + 10} ${y - 35}" stroke="#c0c0c0" stroke-width="6" stroke-linecap="round"/>`;
    }
    return `${shadow}<ellipse cx="0" cy="110" rx="190" ry="50" fill="${p.accent}"/><ellipse cx="0" cy="100" rx="170" ry="38" fill="#fff" fill-opacity="0.5"/>${pieces}`;
  }
  let balls = '';
  const rows = [[-100, 0, 100], [-50, 50], [0]];
  rows.forEach((row, r) => {
    for (const x of row) {
      const y = 70 - r * 85;
      balls += `<circle cx="${x}" cy="${y}" r="52" fill="${p.accent === '#a20f12' ? '#f29b1d' : '#f0a830'}"/><circle cx="${x - 16}" cy="${y - 18}" r="14" fill="#fff" fill-opacity="0.35"/>`;
      balls += `<circle cx="${x + 12}" cy="${y + 10}" r="5" fill="${p.ink}" fill-opacity="0.25"/><circle cx="${x - 8}" cy="${y + 22}" r="4" fill="${p.ink}" fill-opacity="0.25"/>`;
    }
  });
  return `${shadow}<ellipse cx="0" cy="130" rx="190" ry="45" fill="${p.main}" stroke="${p.accent}" stroke-width="8"/>${balls}`;
}

function spices(p: Palette, prng: Prng): string {
  const powder = prng.pick(['#c0392b', '#e0a100', '#8e3b12', '#d35400', '#7b4a12']);
  const mound = `<path d="M-150 20 Q-60 -150 0 -140 Q70 -150 150 20 Z" fill="${powder}"/><path d="M-60 -80 Q0 -120 40 -95" stroke="#fff" stroke-opacity="0.3" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  const spoon = `<g transform="rotate(-25)"><rect x="120" y="-190" width="22" height="170" rx="10" fill="#b07a3c"/><ellipse cx="131" cy="-200" rx="34" ry="26" fill="#b07a3c"/></g>`;
  return `${spoon}${bowl(p, mound)}`;
}

function pickles(p: Palette, prng: Prng): string {
  const pieces = dots(prng, 26, ['#e9a21a', '#c65d00', '#8aa33b', '#b8401a'], { w: 200, h: 210, y: 140 });
  return `${shadow}<rect x="-135" y="-160" width="270" height="60" rx="16" fill="${p.accent}"/><rect x="-150" y="-110" width="300" height="285" rx="40" fill="#fff" fill-opacity="0.75" stroke="${p.ink}" stroke-opacity="0.3" stroke-width="6"/><rect x="-130" y="-60" width="260" height="215" rx="28" fill="#d9901c" fill-opacity="0.55"/>${pieces}<rect x="-95" y="-20" width="190" height="80" rx="10" fill="${p.main}" stroke="${p.accent}" stroke-width="5"/><path d="M-60 20 H60" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`;
}

function dryFruits(p: Palette, prng: Prng): string {
  let nuts = '';
  for (let i = 0; i < 11; i++) {
    const x = prng.int(-140, 140);
    const y = prng.int(-120, 110);
    const angle = prng.int(0, 179);
    const colour = prng.pick(['#a0612b', '#c68a4a', '#8b4a1c', '#e8c48a']);
    nuts += `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 -48 Q34 -10 0 48 Q-34 -10 0 -48 Z" fill="${colour}" stroke="#5a3210" stroke-opacity="0.35" stroke-width="3"/><path d="M0 -30 Q8 0 0 30" stroke="#fff" stroke-opacity="0.3" stroke-width="4" fill="none"/></g>`;
  }
  return `${shadow}<ellipse cx="0" cy="20" rx="195" ry="170" fill="${p.main}" fill-opacity="0.6"/>${nuts}`;
}

function flours(p: Palette): string {
  const ear = (x: number, tilt: number) => {
    let grains = '';
    for (let i = 0; i < 5; i++) {
      grains += `<ellipse cx="-10" cy="${-i * 26}" rx="10" ry="18" fill="#d9a441" transform="rotate(-25 -10 ${-i * 26})"/><ellipse cx="10" cy="${-i * 26 - 12}" rx="10" ry="18" fill="#d9a441" transform="rotate(25 10 ${-i * 26 - 12})"/>`;
    }
    return `<g transform="translate(${x} -110) rotate(${tilt})"><path d="M0 0 V120" stroke="#b8862b" stroke-width="6"/>${grains}</g>`;
  };
  return `${shadow}${ear(-60, -18)}${ear(0, 0)}${ear(60, 18)}<path d="M-150 -40 Q-170 170 -110 175 H110 Q170 170 150 -40 Q0 -10 -150 -40 Z" fill="${p.main}" stroke="${p.ink}" stroke-opacity="0.3" stroke-width="6"/><path d="M-150 -40 Q0 -80 150 -40" fill="none" stroke="${p.accent}" stroke-width="14" stroke-linecap="round"/><rect x="-80" y="40" width="160" height="80" rx="12" fill="${p.accent}"/><circle cx="0" cy="80" r="22" fill="${p.main}"/>`;
}

function namkeen(p: Palette, prng: Prng): string {
  const mix = dots(prng, 70, ['#e0a100', '#c86b1e', '#7fa33b', '#b8401a', '#f2c14e'], {
    w: 280,
    h: 120,
    y: 15,
  });
  return bowl(p, `<path d="M-160 20 Q0 -130 160 20 Z" fill="#e6b04a"/>${mix}`);
}

function chips(p: Palette, prng: Prng): string {
  let out = '';
  for (let i = 0; i < 8; i++) {
    const x = prng.int(-120, 120);
    const y = prng.int(-110, 90);
    const angle = prng.int(-40, 40);
    const colour = prng.pick(['#f4c542', '#eab03b', '#f7d06b', '#e39b2d']);
    out += `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M-70 0 Q-60 -50 0 -52 Q62 -50 70 0 Q60 48 0 50 Q-62 48 -70 0 Z" fill="${colour}" stroke="#b06b12" stroke-opacity="0.5" stroke-width="4"/><path d="M-40 -10 Q0 -25 40 -10 M-45 15 Q0 0 45 15" stroke="#c0392b" stroke-opacity="0.45" stroke-width="5" fill="none"/></g>`;
  }
  return `${shadow}<rect x="-150" y="-170" width="300" height="340" rx="30" fill="${p.main}" fill-opacity="0.45"/>${out}`;
}

function biscuits(p: Palette, prng: Prng): string {
  let out = '';
  const positions: Array<[number, number]> = [
    [-85, 60],
    [85, 60],
    [0, -10],
    [-85, -90],
    [85, -90],
  ];
  for (const [x, y] of positions) {
    out += `<circle cx="${x}" cy="${y}" r="78" fill="#d9a15a" stroke="#a8692a" stroke-width="6"/>`;
    for (let i = 0; i < 7; i++) {
      out += `<circle cx="${x + prng.int(-45, 45)}" cy="${y + prng.int(-45, 45)}" r="5" fill="${p.ink}" fill-opacity="0.45"/>`;
    }
  }
  return `${shadow}${out}`;
}

function bhujia(p: Palette, prng: Prng): string {
  let strands = '';
  for (let i = 0; i < 40; i++) {
    const x = prng.int(-140, 120);
    const y = prng.int(-110, 10);
    strands += `<path d="M${x} ${y} q10 -14 20 0 t20 0 t20 0" stroke="${prng.pick(['#e0a100', '#c8861e', '#f2c14e'])}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
  }
  return bowl(p, `<path d="M-160 20 Q0 -140 160 20 Z" fill="#d99a2b"/>${strands}`);
}

function padlock(p: Palette): string {
  return `${shadow}<path d="M-90 -20 V-90 A90 90 0 0 1 90 -90 V-20" fill="none" stroke="#9aa5b1" stroke-width="34"/><path d="M-90 -20 V-90 A90 90 0 0 1 90 -90 V-20" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="8"/><rect x="-150" y="-30" width="300" height="210" rx="30" fill="${p.accent}"/><rect x="-150" y="-30" width="300" height="40" rx="20" fill="#fff" fill-opacity="0.25"/><circle cx="0" cy="60" r="26" fill="${p.ink}"/><path d="M-12 70 L-18 130 H18 L12 70 Z" fill="${p.ink}"/>`;
}

function doorLock(p: Palette): string {
  return `${shadow}<rect x="-70" y="-180" width="140" height="350" rx="26" fill="${p.accent}"/><rect x="-50" y="-160" width="100" height="310" rx="18" fill="#fff" fill-opacity="0.2"/><circle cx="-10" cy="-70" r="34" fill="#9aa5b1"/><rect x="-10" y="-88" width="190" height="36" rx="18" fill="#c0c8d0" stroke="${p.ink}" stroke-opacity="0.3" stroke-width="4"/><circle cx="0" cy="70" r="22" fill="${p.ink}"/><path d="M-9 80 L-14 125 H14 L9 80 Z" fill="${p.ink}"/>`;
}

function cabinetLock(p: Palette): string {
  return `${shadow}<g transform="rotate(-30)"><circle cx="-90" cy="0" r="80" fill="${p.accent}"/><circle cx="-90" cy="0" r="34" fill="${p.main}"/><rect x="-20" y="-20" width="230" height="40" rx="10" fill="${p.accent}"/><rect x="140" y="20" width="24" height="48" fill="${p.accent}"/><rect x="180" y="20" width="24" height="34" fill="${p.accent}"/></g><rect x="40" y="60" width="130" height="110" rx="16" fill="#9aa5b1"/><circle cx="105" cy="105" r="16" fill="${p.ink}"/>`;
}

function smartLock(p: Palette): string {
  let keys = '';
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      keys += `<circle cx="${-40 + c * 40}" cy="${-90 + r * 40}" r="13" fill="#6fd3ff" fill-opacity="0.85"/>`;
    }
  }
  const finger = [20, 32, 44]
    .map(
      (r) => `<path d="M${-r} 120 A${r} ${r} 0 0 1 ${r} 120" fill="none" stroke="#6fd3ff" stroke-width="6"/>`,
    )
    .join('');
  return `${shadow}<rect x="-100" y="-175" width="200" height="350" rx="36" fill="${p.ink}"/><rect x="-84" y="-158" width="168" height="200" rx="20" fill="#0e1620"/>${keys}${finger}<rect x="100" y="-10" width="110" height="34" rx="17" fill="#c0c8d0"/><circle cx="0" cy="-150" r="4" fill="#2ecc71"/>`;
}

/** `round` picks round sweets (laddoo, jamun) over diamond-cut barfi. */
export function drawMotif(kind: MotifKind, palette: Palette, prng: Prng, round = false): string {
  switch (kind) {
    case 'sweets':
      return sweets(palette, round);
    case 'spices':
      return spices(palette, prng);
    case 'pickles':
      return pickles(palette, prng);
    case 'dry-fruits':
      return dryFruits(palette, prng);
    case 'flours':
      return flours(palette);
    case 'namkeen':
      return namkeen(palette, prng);
    case 'chips':
      return chips(palette, prng);
    case 'biscuits':
      return biscuits(palette, prng);
    case 'bhujia':
      return bhujia(palette, prng);
    case 'padlock':
      return padlock(palette);
    case 'door-lock':
      return doorLock(palette);
    case 'cabinet-lock':
      return cabinetLock(palette);
    case 'smart-lock':
      return smartLock(palette);
  }
}
