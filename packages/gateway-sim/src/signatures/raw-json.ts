/**
 * Paytm signs the exact text of a JSON member (`JSON.stringify(body)` as the sender wrote it).
 * A verifier must hash those bytes, not a re-serialisation, so this returns the raw text of a
 * top-level member of a JSON object document, or undefined when absent or malformed.
 */
export function rawJsonMember(json: string, key: string): string | undefined {
  let i = 0;
  const n = json.length;
  const skipWs = () => {
    while (i < n && /\s/.test(json.charAt(i))) i++;
  };
  const readString = (): string | undefined => {
    if (json[i] !== '"') return undefined;
    const start = i;
    i++;
    while (i < n && json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
    if (i >= n) return undefined;
    i++;
    try {
      return JSON.parse(json.slice(start, i)) as string;
    } catch {
      return undefined;
    }
  };
  const skipValue = (): boolean => {
    skipWs();
    const c = json[i];
    if (c === '"') return readString() !== undefined;
    if (c === '{' || c === '[') {
      let depth = 0;
      while (i < n) {
        const ch = json[i];
        if (ch === '"') {
          if (readString() === undefined) return false;
          continue;
        }
        if (ch === '{' || ch === '[') depth++;
        else if (ch === '}' || ch === ']') {
          depth--;
          if (depth === 0) {
            i++;
            return true;
          }
        }
        i++;
      }
      return false;
    }
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(json.slice(i));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  skipWs();
  if (json[i] !== '{') return undefined;
  i++;
  for (;;) {
    skipWs();
    if (json[i] === '}') return undefined;
    const name = readString();
    if (name === undefined) return undefined;
    skipWs();
    if (json[i] !== ':') return undefined;
    i++;
    skipWs();
    const start = i;
    if (!skipValue()) return undefined;
    if (name === key) return json.slice(start, i);
    skipWs();
    if (json[i] === ',') i++;
    else return undefined;
  }
}
