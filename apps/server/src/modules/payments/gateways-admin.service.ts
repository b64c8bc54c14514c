import {
  type AdminGateway,
  type AdminGatewayName,
  adminGatewayNames,
  GATEWAY_KEY_FIELDS,
  type GatewayTestResult,
  type GatewayUpdate,
  gatewayAdminMessages,
} from '@shop/contract/admin/gateways';
import type { FieldError } from '@shop/contract/api-error';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';

/** Who makes the change: the staff account and the client's address. */
type Actor = Pick<AuditEntry, 'staffId' | 'ip'>;
import { gatewayMode, type OnlineGateway, resolveGateway, simulatorEnabled } from './gateway-settings.ts';
import { GatewayUnavailable } from './providers/gateway-http.ts';
import { providerOf } from './providers/registry.ts';
import { type GatewayRow, listAllGateways, lockGateway, updateGatewayRow } from './payments.repository.ts';

/**
 * The payment gateways in the back office (owner only): switch one on or off, choose test or
 * live, replace its keys and ask the gateway whether it accepts them. Keys are write-only: no
 * answer and no audit entry carries more than their last four characters. Variables in the
 * environment (RAZORPAY_KEY_ID, …) still win over what is saved here, and the screen says so.
 */

/** Where each key lives in the gateway's row: the public key, the secret, or a config entry. */
const KEY_COLUMNS: Record<string, 'apiKey' | 'apiSecret' | { config: string }> = {
  key_id: 'apiKey',
  key_secret: 'apiSecret',
  webhook_secret: { config: 'webhook_secret' },
  mid: 'apiKey',
  merchant_key: 'apiSecret',
  website: { config: 'website' },
  client_id: 'apiKey',
  client_secret: 'apiSecret',
  webhook_id: { config: 'webhook_id' },
};

/** The test environment's name per gateway, as the seed and gateway-settings.ts read it. */
const TEST_ENVIRONMENT: Record<AdminGatewayName, string> = {
  cod: 'live',
  razorpay: 'sandbox',
  paytm: 'stage',
  paypal: 'sandbox',
};

const isAdminGatewayName = (name: string): name is AdminGatewayName =>
  (adminGatewayNames as readonly string[]).includes(name);

const configOf = (row: GatewayRow): Record<string, unknown> =>
  row.config && typeof row.config === 'object' && !Array.isArray(row.config)
    ? (row.config as Record<string, unknown>)
    : {};

function savedKey(row: GatewayRow, field: string): string {
  const column = KEY_COLUMNS[field];
  if (!column) return '';
  if (typeof column === 'string') return row[column];
  const value = configOf(row)[column.config];
  return typeof value === 'string' ? value : '';
}

/** RAZORPAY_KEY_ID, PAYTM_MERCHANT_KEY, …: the variable that overrides a saved key. */
function environmentKey(config: Config, gateway: AdminGatewayName, field: string): string | undefined {
  const value = (config as unknown as Record<string, unknown>)[`${gateway}_${field}`.toUpperCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** "••••" and the last four characters; short values show only the dots. */
export function maskKey(value: string): string | null {
  if (!value) return null;
  return value.length > 8 ? `••••${value.slice(-4)}` : '••••';
}

function view(row: GatewayRow, config: Config): AdminGateway {
  const gateway = row.internalName as AdminGatewayName;
  const envMode = gateway === 'cod' ? undefined : gatewayMode(config, gateway as OnlineGateway);
  return {
    gateway,
    name: row.name,
    is_active: row.isActive,
    mode: row.environment === 'live' ? 'live' : 'test',
    mode_from_environment: envMode ?? null,
    simulator: gateway !== 'cod' && simulatorEnabled(config),
    keys: GATEWAY_KEY_FIELDS[gateway].map(({ field, label }) => {
      const fromEnvironment = environmentKey(config, gateway, field);
      const value = fromEnvironment ?? savedKey(row, field);
      return {
        field,
        label,
        set: value !== '',
        last4: maskKey(value),
        from_environment: fromEnvironment !== undefined,
      };
    }),
  };
}

/** What the audit log keeps of a gateway: its switches and masked keys. */
const auditView = (v: AdminGateway) => ({
  is_active: v.is_active,
  mode: v.mode,
  masked: Object.fromEntries(v.keys.map((k) => [k.field, k.last4])),
});

export async function listAdminGateways(ctx: AppContext): Promise<AdminGateway[]> {
  const rows = await listAllGateways(ctx.db);
  return rows.filter((r) => isAdminGatewayName(r.internalName)).map((r) => view(r, ctx.config));
}

function checkKeys(gateway: AdminGatewayName, keys: Record<string, string>): Map<string, string> {
  const known = new Set(GATEWAY_KEY_FIELDS[gateway].map((k) => k.field));
  const problems: FieldError[] = [];
  const changes = new Map<string, string>();
  for (const [field, raw] of Object.entries(keys)) {
    const value = raw.trim();
    if (!known.has(field))
      problems.push({ field: `keys.${field}`, message: gatewayAdminMessages.unknownKey });
    else if (value === '') continue;
    else if (/\s/.test(value)) problems.push({ field: `keys.${field}`, message: gatewayAdminMessages.key });
    else if (field === 'merchant_key' && value.length !== 16)
      problems.push({ field: `keys.${field}`, message: 'A Paytm merchant key has 16 characters.' });
    else changes.set(field, value);
  }
  if (problems.length) throw new AppError('invalid', problems[0]?.message ?? '', problems);
  return changes;
}

function rowWithKeys(row: GatewayRow, keys: Map<string, string>): Partial<GatewayRow> {
  const values: Partial<GatewayRow> = {};
  const config = { ...configOf(row) };
  for (const [field, value] of keys) {
    const column = KEY_COLUMNS[field];
    if (column === 'apiKey') values.apiKey = value;
    else if (column === 'apiSecret') values.apiSecret = value;
    else if (column) config[column.config] = value;
  }
  values.config = config;
  return values;
}

/**
 * Switches, mode and new keys of one gateway, audited with masked keys when something changed.
 * The last enabled way to pay cannot be switched off (the checkout would have nothing to offer).
 */
export async function updateGateway(
  ctx: AppContext,
  actor: Actor,
  name: string,
  update: GatewayUpdate,
): Promise<AdminGateway> {
  if (!isAdminGatewayName(name)) throw AppError.notFound(gatewayAdminMessages.notFound);
  const keys = checkKeys(name, update.keys ?? {});
  if (name === 'cod' && update.mode === 'test')
    throw AppError.invalid('mode', 'Cash on delivery has no test mode.');
  return ctx.db.transaction(async (tx) => {
    const row = await lockGateway(tx, name);
    if (!row) throw AppError.notFound(gatewayAdminMessages.notFound);
    // A key sent again with its saved value changes nothing, yet is written again: that seals one
    // saved in plain text before secrets were sealed.
    const replaced = [...keys].filter(([field, value]) => savedKey(row, field) !== value).map(([f]) => f);
    const values: Partial<GatewayRow> = rowWithKeys(row, keys);
    if (update.is_active !== undefined && update.is_active !== row.isActive) {
      values.isActive = update.is_active;
      if (!update.is_active) {
        const others = (await listAllGateways(tx)).filter((g) => g.isActive && g.id !== row.id);
        if (others.length === 0) throw AppError.invalid('is_active', gatewayAdminMessages.lastGateway);
      }
    }
    if (update.mode !== undefined && (update.mode === 'live') !== (row.environment === 'live'))
      values.environment = update.mode === 'live' ? 'live' : TEST_ENVIRONMENT[name];
    const changed = replaced.length > 0 || values.isActive !== undefined || values.environment !== undefined;
    if (!changed && keys.size === 0) return view(row, ctx.config);
    const saved = await updateGatewayRow(tx, row.id, values);
    if (!saved) throw AppError.notFound(gatewayAdminMessages.notFound);
    const before = view(row, ctx.config);
    const after = view(saved, ctx.config);
    // The log lists changes, not saves: a PATCH that changes nothing leaves no entry.
    if (!changed) return after;
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'payment_gateway.update',
      entity: 'payment_gateway',
      entityId: name,
      before: auditView(before),
      after: { ...auditView(after), keys_replaced: replaced },
    });
    return after;
  });
}

/**
 * "Test connection": asks the gateway, with a call that changes nothing there, whether it
 * accepts the keys — the saved ones, or `keys` typed in the form before saving them. In
 * development the calls go to the local simulators, which know only the saved keys.
 */
export async function testGatewayConnection(
  ctx: AppContext,
  origin: string,
  name: string,
  keys: Record<string, string> = {},
): Promise<GatewayTestResult> {
  if (!isAdminGatewayName(name)) throw AppError.notFound(gatewayAdminMessages.notFound);
  const typed = checkKeys(name, keys);
  const [row] = (await listAllGateways(ctx.db)).filter((g) => g.internalName === name);
  if (!row) throw AppError.notFound(gatewayAdminMessages.notFound);
  const candidate = { ...row, ...rowWithKeys(row, typed) } as GatewayRow;
  const settings = resolveGateway(candidate, ctx.config, origin);
  if (!settings)
    return { ok: false, message: 'The environment turns this gateway off (its _MODE is off).', took_ms: 0 };
  const started = performance.now();
  try {
    const check = await providerOf(settings).checkConnection(settings);
    return { ...check, took_ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    ctx.log.warn({ err: error, gateway: name }, 'gateway connection test: unreachable');
    return {
      ok: false,
      message: `Could not reach ${row.name}: ${error.message}`,
      took_ms: Math.round(performance.now() - started),
    };
  }
}
