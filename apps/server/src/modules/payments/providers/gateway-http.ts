/** The gateway could not be reached or answered something unreadable. */
export class GatewayUnavailable extends Error {}

export interface GatewayResponse {
  status: number;
  text: string;
  json: unknown;
}

/** One HTTP call to a gateway with a timeout; the body is kept as text for signature checks. */
export async function gatewayFetch(
  url: string,
  init: RequestInit,
  timeoutMs = 15_000,
): Promise<GatewayResponse> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GatewayUnavailable(
      `${init.method ?? 'GET'} ${url}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new GatewayUnavailable(`${init.method ?? 'GET'} ${url}: unreadable answer (${response.status})`);
  }
  return { status: response.status, text, json };
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
