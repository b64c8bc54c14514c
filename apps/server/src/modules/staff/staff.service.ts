import { createHash, randomBytes } from 'node:crypto';
import {
  ROLE_PERMISSIONS,
  STAFF_SESSION_ABSOLUTE_DAYS,
  STAFF_SESSION_IDLE_HOURS,
  type StaffMe,
  type StaffRole,
  type StaffSessionRequest,
  type StaffDone,
  type StaffSessionStep,
  type StaffSessionView,
  type TotpEnrolment,
  roleHasPermission,
  staffMessages,
} from '@shop/contract/admin/staff';
import type { Db, DbOrTx } from '@shop/db/client';
import type { AppContext, StaffSessionLookup } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../http/password-hash.ts';
import type { RequestStaff } from '../../http/require-staff.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  countAccountFailure,
  countUnknownEmailFailure,
  isAccountLocked,
  isUnknownEmailLocked,
} from './staff-lockout.ts';
import {
  findSession,
  findSessionByHash,
  findStaffByEmail,
  findStaffById,
  insertSession,
  listOpenSessions,
  lockStaff,
  replaceRecoveryCodes,
  revokeSession,
  revokeSessionsOf,
  type StaffRow,
  type StaffSessionRow,
  touchSession,
  updateStaff,
  useRecoveryCode,
} from './staff.repository.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, totpStepOf } from './totp.ts';

/**
 * Back-office sign-in and sessions. Sessions live in the database (only the token's SHA-256),
 * end 12 hours after the last request or 7 days after sign-in, whichever comes first, and get a
 * new token at each step that raises what they may do (password, then second factor), so a token
 * seen before sign-in is worth nothing after it. Functions that depend on the time take `now`,
 * so that tests move the clock instead of waiting.
 */
export const STAFF_SESSION_IDLE_MS = STAFF_SESSION_IDLE_HOURS * 3_600_000;
export const STAFF_SESSION_ABSOLUTE_MS = STAFF_SESSION_ABSOLUTE_DAYS * 24 * 3_600_000;
/** A password-only session has this long to give the second factor. */
export const TOTP_STAGE_MS = 10 * 60_000;
/** last_seen_at is written at most once a minute per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;
const MINUTE = 60_000;
/** Sign-in attempts per client address and minute (scaled in development like every per-IP limit). */
const SIGN_INS_PER_IP = 20;

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The session cookie the request came with, if any: it ends when a new session starts. */
  presentedToken?: string | undefined;
}

/** What a sign-in step answers, and the token the session cookie must carry from now on. */
export interface SessionOutcome<Body = StaffSessionStep> {
  body: Body;
  token: string | null;
  /** Seconds the cookie lives (the session's own end). */
  maxAgeSeconds: number;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function roleOf(value: string): StaffRole {
  return value === 'owner' || value === 'manager' ? value : 'staff';
}

export function staffMeOf(account: StaffRow, session: Pick<StaffSessionRow, 'csrfToken'>): StaffMe {
  const role = roleOf(account.role);
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    totp_enabled: account.totpEnabled,
    csrf_token: session.csrfToken,
  };
}

async function openSession(
  tx: DbOrTx,
  staffId: number,
  stage: 'totp' | 'live',
  client: ClientInfo,
  now: Date,
): Promise<{ row: StaffSessionRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const row = await insertSession(tx, {
    staffId,
    tokenHash: sha256(token),
    csrfToken: randomBytes(24).toString('base64url'),
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (stage === 'totp' ? TOTP_STAGE_MS : STAFF_SESSION_ABSOLUTE_MS)),
    ip: client.ip.slice(0, 100),
    userAgent: client.userAgent.slice(0, 300),
  });
  return { row, token };
}

/** Ends the session of the cookie a sign-in came with (rotation: the new session gets a new token). */
async function endPresentedSession(tx: DbOrTx, client: ClientInfo, now: Date): Promise<void> {
  if (!client.presentedToken) return;
  const found = await findSessionByHash(tx, sha256(client.presentedToken));
  if (found) await revokeSession(tx, found.session.id, now);
}

function isOpen(session: StaffSessionRow, account: StaffRow, now: Date): boolean {
  return (
    session.revokedAt === null &&
    account.disabledAt === null &&
    session.expiresAt > now &&
    now.getTime() - session.lastSeenAt.getTime() < STAFF_SESSION_IDLE_MS
  );
}

/**
 * The open session of a cookie's token, or undefined: revoked, past its idle or absolute end, or
 * of a disabled account. A live session's last_seen_at moves on (at most once a minute), which
 * is what keeps it from the idle end.
 */
export async function findStaffSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<StaffSessionLookup | undefined> {
  const found = await findSessionByHash(db, sha256(token));
  if (!found || !isOpen(found.session, found.staff, now)) return undefined;
  const { session, staff } = found;
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchSession(db, session.id, now);
  return {
    id: session.id,
    staffId: staff.id,
    email: staff.email,
    role: roleOf(staff.role),
    stage: session.stage === 'live' ? 'live' : 'totp',
    csrfToken: session.csrfToken,
    totpEnabled: staff.totpEnabled,
  };
}

const wrongCredentials = () => AppError.invalid('password', staffMessages.wrongCredentials);
const locked = () => new AppError('too-many-requests', staffMessages.accountLocked);

/**
 * POST /session: the password step. An unknown e-mail, a wrong password and a disabled account
 * get the same answer after the same work (one scrypt), and unknown e-mails are locked after the
 * same number of failures as accounts, so neither the answer nor its timing tells whether an
 * account exists. An account with a second factor gets a 'totp' session that can do nothing but
 * give the code; one without gets a live session at once.
 */
export async function signIn(
  ctx: AppContext,
  input: StaffSessionRequest,
  client: ClientInfo,
  now = new Date(),
): Promise<SessionOutcome> {
  await ctx.limiter.hitIp('staff-sign-in', client.ip, SIGN_INS_PER_IP, MINUTE, staffMessages.tooManyAttempts);
  const account = await findStaffByEmail(ctx.db, input.email);
  if (!account) {
    if (await isUnknownEmailLocked(ctx.limiter, input.email)) throw locked();
    await verifyAgainstDummy(input.password);
    await countUnknownEmailFailure(ctx.limiter, input.email);
    throw wrongCredentials();
  }
  if (isAccountLocked(account, now)) throw locked();
  const passwordOk = await verifyPassword(input.password, account.passwordHash);
  if (!passwordOk || account.disabledAt) {
    await countAccountFailure(ctx.db, account.id, now, { step: 'password', ...client });
    throw wrongCredentials();
  }
  return ctx.db.transaction(async (tx): Promise<SessionOutcome> => {
    await endPresentedSession(tx, client, now);
    if (account.totpEnabled) {
      // The failure count is kept until the code is given too: a known password must not buy
      // a fresh series of guesses at the code.
      const { token } = await openSession(tx, account.id, 'totp', client, now);
      return { body: { step: 'totp' }, token, maxAgeSeconds: TOTP_STAGE_MS / 1000 };
    }
    const fresh = await updateStaff(tx, account.id, {
      failedLogins: 0,
      failedLoginsSince: null,
      lockedUntil: null,
      lastSignInAt: now,
    });
    const { row, token } = await openSession(tx, account.id, 'live', client, now);
    await recordAudit(tx, signInAudit(account.id, client, 'password'));
    return {
      body: { step: 'done', staff: staffMeOf(fresh, row) },
      token,
      maxAgeSeconds: STAFF_SESSION_ABSOLUTE_MS / 1000,
    };
  });
}

function signInAudit(staffId: number, client: ClientInfo, method: string) {
  return {
    staffId,
    action: 'session.sign_in',
    entity: 'staff',
    entityId: staffId,
    after: { method, user_agent: client.userAgent.slice(0, 300) },
    ip: client.ip,
  };
}

/**
 * Checks a second-factor code of `account`: a TOTP code of a time step later than the last one
 * used, or one of its unused recovery codes (used up here). Runs inside the caller's transaction
 * with the account row locked, so two requests cannot both spend one code.
 */
async function spendCode(
  tx: DbOrTx,
  account: StaffRow,
  secret: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery_code' | null> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = totpStepOf(secret, trimmed, now);
    if (step === null || (account.totpLastCounter !== null && step <= account.totpLastCounter)) return null;
    await updateStaff(tx, account.id, { totpLastCounter: step });
    return 'totp';
  }
  return (await useRecoveryCode(tx, account.id, hashRecoveryCode(trimmed), now)) ? 'recovery_code' : null;
}

/** POST /session/totp: the second factor of a 'totp' session; the live session gets a new token. */
export async function completeSecondFactor(
  ctx: AppContext,
  code: string,
  client: ClientInfo,
  now = new Date(),
): Promise<SessionOutcome<StaffDone>> {
  await ctx.limiter.hitIp('staff-sign-in', client.ip, SIGN_INS_PER_IP, MINUTE, staffMessages.tooManyAttempts);
  const found = client.presentedToken
    ? await findSessionByHash(ctx.db, sha256(client.presentedToken))
    : undefined;
  if (found?.session.stage !== 'totp' || !isOpen(found.session, found.staff, now))
    throw AppError.unauthorized(staffMessages.signInRequired);
  const pending = found.session;
  if (isAccountLocked(found.staff, now)) throw locked();
  const outcome = await ctx.db.transaction(async (tx) => {
    const account = await lockStaff(tx, pending.staffId);
    if (!account?.totpEnabled || !account.totpSecret) return null;
    const method = await spendCode(tx, account, account.totpSecret, code, now);
    if (!method) return null;
    await revokeSession(tx, pending.id, now);
    const fresh = await updateStaff(tx, account.id, {
      lastSignInAt: now,
      failedLogins: 0,
      failedLoginsSince: null,
    });
    const { row, token } = await openSession(tx, account.id, 'live', client, now);
    await recordAudit(tx, signInAudit(account.id, client, method));
    return { fresh, row, token };
  });
  if (!outcome) {
    await countAccountFailure(ctx.db, pending.staffId, now, { step: 'code', ...client });
    throw AppError.invalid('code', staffMessages.codeInvalid);
  }
  return {
    body: { step: 'done', staff: staffMeOf(outcome.fresh, outcome.row) },
    token: outcome.token,
    maxAgeSeconds: STAFF_SESSION_ABSOLUTE_MS / 1000,
  };
}

/** DELETE /session: ends the cookie's session (if there is one); always succeeds. */
export async function signOut(ctx: AppContext, token: string | undefined, ip: string, now = new Date()) {
  if (!token) return;
  await ctx.db.transaction(async (tx) => {
    const found = await findSessionByHash(tx, sha256(token));
    if (!found || found.session.revokedAt) return;
    await revokeSession(tx, found.session.id, now);
    if (found.session.stage === 'live')
      await recordAudit(tx, {
        staffId: found.staff.id,
        action: 'session.sign_out',
        entity: 'staff',
        entityId: found.staff.id,
        ip,
      });
  });
}

/** GET /session. */
export async function currentStaff(ctx: AppContext, staff: RequestStaff): Promise<{ staff: StaffMe }> {
  const [account, session] = await Promise.all([
    findStaffById(ctx.db, staff.id),
    findSession(ctx.db, staff.sessionId),
  ]);
  if (!account || !session) throw AppError.unauthorized(staffMessages.signInRequired);
  return { staff: staffMeOf(account, session) };
}

/**
 * POST /session/totp/enrol: a new secret and ten recovery codes, shown this once. The secret
 * is in force only after a code from it is confirmed; starting again replaces both.
 */
export async function startTotpEnrolment(ctx: AppContext, staff: RequestStaff): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    const account = await lockStaff(tx, staff.id);
    if (!account) throw AppError.unauthorized(staffMessages.signInRequired);
    if (account.totpEnabled) throw new AppError('conflict', staffMessages.totpAlreadyEnabled);
    await updateStaff(tx, staff.id, { totpSecret: secret, totpLastCounter: null });
    await replaceRecoveryCodes(tx, staff.id, codes.map(hashRecoveryCode));
  });
  return { otpauth_uri: otpauthUri(secret, staff.email), secret, recovery_codes: codes };
}

/**
 * POST /session/totp/enrol/confirm: the first code from the app turns the second factor on.
 * Every other session of the account ends (they were opened with the password alone) and this
 * one continues under a new token.
 */
export async function confirmTotpEnrolment(
  ctx: AppContext,
  staff: RequestStaff,
  code: string,
  client: ClientInfo,
  now = new Date(),
): Promise<SessionOutcome<StaffDone>> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const account = await lockStaff(tx, staff.id);
    if (!account) throw AppError.unauthorized(staffMessages.signInRequired);
    if (account.totpEnabled) throw new AppError('conflict', staffMessages.totpAlreadyEnabled);
    if (!account.totpSecret) throw new AppError('conflict', staffMessages.totpNotStarted);
    const step = totpStepOf(account.totpSecret, code.trim(), now);
    if (step === null) return null;
    const fresh = await updateStaff(tx, account.id, { totpEnabled: true, totpLastCounter: step });
    await revokeSessionsOf(tx, account.id, now);
    const { row, token } = await openSession(tx, account.id, 'live', client, now);
    await recordAudit(tx, {
      staffId: account.id,
      action: 'staff.totp_enable',
      entity: 'staff',
      entityId: account.id,
      before: { totp_enabled: false },
      after: { totp_enabled: true },
      ip: client.ip,
    });
    return { fresh, row, token };
  });
  if (!outcome) throw AppError.invalid('code', staffMessages.codeInvalid);
  return {
    body: { step: 'done', staff: staffMeOf(outcome.fresh, outcome.row) },
    token: outcome.token,
    maxAgeSeconds: STAFF_SESSION_ABSOLUTE_MS / 1000,
  };
}

/** POST /session/password: a new password ends every other session of the account. */
export async function changeOwnPassword(
  ctx: AppContext,
  staff: RequestStaff,
  input: { current_password: string; new_password: string },
  ip: string,
  now = new Date(),
): Promise<{ message: string }> {
  const account = await findStaffById(ctx.db, staff.id);
  if (!account) throw AppError.unauthorized(staffMessages.signInRequired);
  if (!(await verifyPassword(input.current_password, account.passwordHash)))
    throw AppError.invalid('current_password', staffMessages.currentPasswordWrong);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await updateStaff(tx, staff.id, { passwordHash });
    await revokeSessionsOf(tx, staff.id, now, staff.sessionId);
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'staff.password_change',
      entity: 'staff',
      entityId: staff.id,
      ip,
    });
  });
  return { message: staffMessages.passwordChanged };
}

function sessionView(
  entry: { session: StaffSessionRow; email: string },
  current: RequestStaff,
): StaffSessionView {
  const { session } = entry;
  return {
    id: session.id,
    staff_id: session.staffId,
    staff_email: entry.email,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt.toISOString(),
    expires_at: new Date(
      Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + STAFF_SESSION_IDLE_MS),
    ).toISOString(),
    ip: session.ip,
    user_agent: session.userAgent,
    current: session.id === current.sessionId,
  };
}

/** GET /sessions: an owner sees every open session; anyone else their own. */
export async function listStaffSessions(ctx: AppContext, staff: RequestStaff, now = new Date()) {
  const all = roleHasPermission(staff.role, 'staff');
  const rows = await listOpenSessions(ctx.db, now, all ? undefined : staff.id);
  const open = rows.filter((r) => now.getTime() - r.session.lastSeenAt.getTime() < STAFF_SESSION_IDLE_MS);
  return { items: open.map((r) => sessionView(r, staff)) };
}

/** DELETE /sessions/{id}: an owner may end any session, anyone else only their own. */
export async function revokeStaffSession(ctx: AppContext, staff: RequestStaff, id: number, ip: string) {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const session = await findSession(tx, id);
    const mayRevoke = session && (session.staffId === staff.id || roleHasPermission(staff.role, 'staff'));
    if (!session || !mayRevoke || session.revokedAt) throw AppError.notFound(staffMessages.sessionNotFound);
    await revokeSession(tx, id, now);
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'session.revoke',
      entity: 'staff_session',
      entityId: id,
      before: { staff_id: session.staffId, ip: session.ip, user_agent: session.userAgent },
      ip,
    });
  });
}
