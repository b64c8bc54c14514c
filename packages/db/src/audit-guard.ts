/**
 * Keeps the audit log append-only in the database itself: a trigger refuses UPDATE and DELETE of
 * its rows, whoever tries (a bug, a hand-written statement, a compromised back-office session).
 * Like the change-feed triggers it is not part of the Drizzle schema, so migrate.ts installs it
 * after the migration (again whenever it is missing or changed). Emptying the whole database
 * (`npm run seed`) uses TRUNCATE, which it allows.
 */
export const auditGuardStatements = [
  `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$`,
  'DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log',
  `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
];
