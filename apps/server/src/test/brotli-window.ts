/** The window a brotli stream declares in its first bits (RFC 7932, section 9.1: WBITS). */
export function declaredWindowBits(stream: Buffer): number {
  const bits = stream[0] as number;
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 0b111;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 0b111;
  return m === 0 ? 17 : 8 + m;
}
