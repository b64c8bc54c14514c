/** Who makes a back-office change: the staff member (null for the system) and the client's address. */
export interface Actor {
  staffId: number | null;
  ip?: string | null;
}

/** The audit entry's who-fields for an actor. */
export function auditedBy(actor: Actor) {
  return { staffId: actor.staffId, ip: actor.ip ?? null };
}
