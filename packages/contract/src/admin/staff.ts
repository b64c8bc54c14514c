import { z } from 'zod';
import { messages } from '../messages.ts';
import { emailField, passwordField, requiredText, textFieldError } from '../validation.ts';

/**
 * Staff access to the back office: roles, what each role may do, the sign-in flow's shapes and
 * its texts. The server checks every admin operation against ROLE_PERMISSIONS; the back office
 * uses the same table only to hide what a role cannot open.
 */
export const STAFF_ROLES = ['owner', 'manager', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** One permission per area of the back office; an admin operation needs exactly one. */
export const STAFF_PERMISSIONS = [
  'catalogue',
  'content',
  'coupons',
  'orders',
  'refunds',
  'customers',
  'stock',
  'settings',
  'gateways',
  'staff',
  'audit',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * Owner: everything (staff accounts, payment gateways, settings, audit log). Manager: runs the
 * shop's goods and customers, and refunds. Staff: works the orders (view, pack, ship) and adjusts
 * stock. Refunds are a permission of their own (not a check inside the orders operation) so that
 * a role without it is refused before its request body is read, like every other operation.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  manager: ['catalogue', 'content', 'coupons', 'orders', 'refunds', 'customers', 'stock'],
  staff: ['orders', 'stock'],
};

export function roleHasPermission(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles that must sign in with a second factor; for the others it is optional. */
export const ROLES_REQUIRING_TOTP: readonly StaffRole[] = ['owner'];

/** Session lifetimes: signed out after 12 hours without a request, and 7 days after sign-in in any case. */
export const STAFF_SESSION_IDLE_HOURS = 12;
export const STAFF_SESSION_ABSOLUTE_DAYS = 7;
/** The header that carries a session's CSRF token on every unsafe request. */
export const CSRF_HEADER = 'x-csrf-token';
/** How many one-time recovery codes an enrolment issues. */
export const RECOVERY_CODE_COUNT = 10;

export const staffMessages = {
  noPermission: 'You do not have permission to do this.',
  reloadPage: 'Please reload the page and try again.',
  signInRequired: 'Please sign in to continue.',
  /** The same answer for an unknown e-mail, a wrong password and a disabled account. */
  wrongCredentials: 'Incorrect email or password.',
  codeInvalid: 'The code is invalid or has already been used.',
  codeFormat: 'Enter the 6-digit code from your authenticator app or one of your recovery codes.',
  /** 10 failed sign-ins of one e-mail within 15 minutes lock it for 15 minutes. */
  accountLocked: 'Too many failed sign-in attempts for this email address. Please try again in 15 minutes.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  /** An owner without two-factor authentication may do nothing else until it is set up. */
  enrolTotpFirst: 'Set up two-factor authentication before continuing.',
  totpAlreadyEnabled: 'Two-factor authentication is already set up.',
  totpNotStarted: 'Start the two-factor set-up again.',
  emailTaken: 'A staff account with this email address already exists.',
  staffNotFound: 'Staff account not found.',
  sessionNotFound: 'Session not found.',
  lastOwner: 'The shop must keep at least one active owner.',
  notYourself: 'You cannot change your own role or disable your own account.',
  signedOut: 'You have been signed out.',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  currentPasswordWrong: 'The current password is not correct.',
} as const;

export const staffRoleField = z.enum(STAFF_ROLES, { error: 'Choose owner, manager or staff.' });
export const staffPermissionField = z.enum(STAFF_PERMISSIONS);

/** The signed-in staff member as the back office sees them. */
export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleField,
  permissions: z.array(staffPermissionField),
  totp_enabled: z.boolean(),
  /** Send it back as the X-CSRF-Token header on every POST, PUT, PATCH and DELETE. */
  csrf_token: z.string(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

const staffEmail = emailField.transform((value) => value.toLowerCase());

/** POST /session. The password is only required here: policy applies when one is set. */
export const staffSessionRequestSchema = z.object({
  email: staffEmail,
  password: z
    .string({ error: textFieldError })
    .min(1, messages.required)
    .max(128, staffMessages.wrongCredentials),
});
export type StaffSessionRequest = z.infer<typeof staffSessionRequestSchema>;

/**
 * POST /session/totp and the enrolment confirmation: a 6-digit TOTP code (a number is read as
 * its digits), or a recovery code (`xxxxx-xxxxx`, case and dashes ignored).
 */
export const staffCodeRequestSchema = z.object({
  code: z.preprocess(
    (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1_000_000
        ? String(value).padStart(6, '0')
        : value,
    requiredText.max(40, staffMessages.codeFormat),
  ),
});
export type StaffCodeRequest = z.infer<typeof staffCodeRequestSchema>;

export const staffSessionStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp') }),
  z.object({ step: z.literal('done'), staff: staffMeSchema }),
]);
export type StaffSessionStep = z.infer<typeof staffSessionStepSchema>;

export const staffDoneSchema = z.object({ step: z.literal('done'), staff: staffMeSchema });
export type StaffDone = z.infer<typeof staffDoneSchema>;
export const staffMeResponseSchema = z.object({ staff: staffMeSchema });

/** POST /session/totp/enrol: shown once; the secret is kept until the first code confirms it. */
export const totpEnrolmentSchema = z.object({
  otpauth_uri: z.string(),
  secret: z.string(),
  recovery_codes: z.array(z.string()),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** A staff account in the owner's list. */
export const staffAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleField,
  totp_enabled: z.boolean(),
  disabled: z.boolean(),
  locked: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffNameField = requiredText.max(100, 'Name must be at most 100 characters long.');

/** POST /staff. Without a password one is generated and returned once. */
export const createStaffSchema = z.object({
  email: staffEmail,
  name: staffNameField,
  role: staffRoleField,
  password: passwordField.optional(),
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

export const createdStaffSchema = z.object({
  staff: staffAccountSchema,
  /** Only when the server generated it: shown once. */
  password: z.string().nullable(),
});

/** PATCH /staff/{id}: any of name, role, disabled. */
export const updateStaffSchema = z.object({
  name: staffNameField.optional(),
  role: staffRoleField.optional(),
  disabled: z.boolean({ error: 'This must be true or false.' }).optional(),
});
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

/** POST /session/password. */
export const changeStaffPasswordSchema = z.object({
  current_password: z.string({ error: textFieldError }).min(1, messages.required).max(128),
  new_password: passwordField,
});

export const staffSessionSchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_email: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  current: z.boolean(),
});
export type StaffSessionView = z.infer<typeof staffSessionSchema>;
export const staffSessionListSchema = z.object({ items: z.array(staffSessionSchema) });
export const staffAccountListSchema = z.object({ items: z.array(staffAccountSchema) });
