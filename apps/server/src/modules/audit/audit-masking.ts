/**
 * What the audit log never stores in the clear: the value of any key named like a secret
 * (`*secret*`, `*password*`, `*key*`, `*token*`, any case; `passwordHash`, `key_secret`,
 * `webhookSecret`, `csrf_token` …), however deeply nested. A string keeps its last four
 * characters when it is long enough that they give nothing away (as the gateway screen shows a
 * key), so the owner can still tell which key was set; other values become `••••`. A secret that
 * is empty or unset stays as it is: "the key was removed" is worth seeing.
 */
const SECRET_KEY = /secret|password|key|token/i;
export const MASK = '••••';

function maskValue(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (typeof value === 'string') return value.length >= 12 ? `${MASK}${value.slice(-4)}` : MASK;
  return MASK;
}

export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 32) return MASK;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? maskValue(item) : maskSecrets(item, depth + 1);
    }
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}
