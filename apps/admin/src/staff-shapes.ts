/**
 * The signed-in staff member as the session API describes them, and the permissions the roles
 * carry. The server decides every permission; the app only uses them to show what may be used.
 */
export type StaffPermission =
  | 'catalogue'
  | 'content'
  | 'coupons'
  | 'orders'
  | 'customers'
  | 'stock'
  | 'settings'
  | 'gateways'
  | 'staff'
  | 'audit';

export type StaffRole = 'owner' | 'manager' | 'staff';

export interface StaffMe {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  permissions: StaffPermission[];
  totp_enabled: boolean;
  csrf_token: string;
}

/** What `POST /session` and `POST /session/totp` answer: another step, or a live session. */
export type SignInStep =
  | { step: 'totp' }
  | { step: 'enrol'; otpauth_uri: string; secret?: string }
  | { step: 'done'; staff: StaffMe; recovery_codes?: string[] };
