import {
  type AdminGrievance,
  type GrievanceCreated,
  type GrievanceRequest,
  type GrievanceStatus,
  type GrievanceView,
  grievanceCategoryLabels,
  grievanceMessages,
  grievanceStatusLabels,
} from '@shop/contract/grievances';
import { messages } from '@shop/contract/messages';
import { EMAIL_PATTERN } from '@shop/contract/validation';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { checkCaptcha, spendCaptcha } from '../engagement/engagement.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { settingValues, shopEmailAddress } from '../settings/settings.service.ts';
import {
  findGrievanceByTicket,
  type GrievanceRow,
  insertGrievance,
  takeTicketNumber,
  pageOfGrievances,
  updateGrievanceStatus,
} from './grievances.repository.ts';

/**
 * Grievances (Consumer Protection (E-Commerce) Rules 2020): anyone may complain, logged in or
 * not; each complaint gets a ticket number and an acknowledgement by mail at once (the rules allow
 * 48 hours), the grievance officer is told, and the complainant follows its status with the ticket
 * number and their e-mail address. It must be resolved within one month of receipt.
 */

/** Grievances per client address and minute (like the contact form). */
export const GRIEVANCE_LIMIT_PER_MINUTE = 5;
/** Status look-ups per client address and minute: ticket numbers are sequential, the e-mail is the key. */
export const GRIEVANCE_LOOKUPS_PER_MINUTE = 30;

/** The shop works in Indian Standard Time (UTC+5:30, no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/** The calendar year in India at `at`: a complaint at 00:30 IST on 1 January counts in the new year. */
export function indiaYear(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCFullYear();
}

/** GRV-{year}-{number, six digits or more}. */
export function ticketNumberOf(year: number, number: number): string {
  return `GRV-${year}-${String(number).padStart(6, '0')}`;
}

/**
 * One calendar month after receipt, by India's calendar (31 January → 28 or 29 February): the
 * latest day by which the rules want a grievance resolved.
 */
export function resolveBy(receivedAt: Date): Date {
  const ist = new Date(receivedAt.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const month = ist.getUTCMonth();
  const lastDayOfNextMonth = new Date(Date.UTC(year, month + 2, 0)).getUTCDate();
  const target = Date.UTC(
    year,
    month + 1,
    Math.min(ist.getUTCDate(), lastDayOfNextMonth),
    ist.getUTCHours(),
    ist.getUTCMinutes(),
    ist.getUTCSeconds(),
    ist.getUTCMilliseconds(),
  );
  return new Date(target - IST_OFFSET_MS);
}

const indianDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function toView(row: GrievanceRow): GrievanceView {
  const status = row.status as GrievanceStatus;
  const category = row.category as GrievanceView['category'];
  return {
    ticket_number: row.ticketNumber,
    status,
    status_label: grievanceStatusLabels[status],
    category,
    category_label: grievanceCategoryLabels[category],
    order_number: row.orderNumber,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    resolve_by: resolveBy(row.createdAt).toISOString(),
    resolved_at: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolution: row.resolution,
  };
}

interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
}

async function grievanceOfficer(db: DbOrTx): Promise<GrievanceOfficer> {
  // One read: a grievance is filed in a transaction, and queries sent at once on its one
  // connection are queued by node-postgres (deprecated, refused from pg 9).
  const values = await settingValues(db, [
    'grievance_officer_name',
    'grievance_officer_designation',
    'grievance_officer_email',
    'grievance_officer_phone',
  ]);
  const value = (key: string) => values.get(key)?.trim() ?? '';
  return {
    name: value('grievance_officer_name'),
    designation: value('grievance_officer_designation'),
    email: value('grievance_officer_email'),
    phone: value('grievance_officer_phone'),
  };
}

function officerLine(officer: GrievanceOfficer): string | null {
  if (!officer.name) return null;
  const who = officer.designation ? `${officer.name}, ${officer.designation}` : officer.name;
  const contacts = [officer.email, officer.phone].filter(Boolean).join(', ');
  return `Grievance officer: ${who}${contacts ? ` (${contacts})` : ''}.`;
}

/** Where the shop hears of a new grievance: the grievance officer, else the shop's own address. */
async function officerInbox(db: DbOrTx, officer: GrievanceOfficer): Promise<string | null> {
  if (EMAIL_PATTERN.test(officer.email)) return officer.email;
  return (await shopEmailAddress(db)) ?? null;
}

function statusUrl(ctx: AppContext, ticket: string): string {
  return `${ctx.config.publicUrl}/grievance?ticket=${encodeURIComponent(ticket)}`;
}

export interface GrievanceOrigin {
  /** The client's address (rate limit). */
  ip: string;
  /** The logged-in customer, or null for a guest. */
  customerId: number | null;
}

/**
 * Files a grievance after a valid, unused captcha: takes the year's next ticket number, stores
 * the grievance and queues the acknowledgement to the complainant and the notice to the grievance
 * officer, all in one transaction; the mails are delivered right after commit.
 */
export async function fileGrievance(
  ctx: AppContext,
  input: GrievanceRequest,
  origin: GrievanceOrigin,
): Promise<GrievanceCreated> {
  await ctx.limiter.hitIp(
    'grievance',
    origin.ip,
    GRIEVANCE_LIMIT_PER_MINUTE,
    60_000,
    grievanceMessages.tooManyGrievances,
  );
  const captcha = await checkCaptcha(ctx, input.captcha_value);
  const row = await ctx.db.transaction(async (tx) => {
    await spendCaptcha(tx, captcha);
    const year = indiaYear(new Date());
    const ticketNumber = ticketNumberOf(year, await takeTicketNumber(tx, year));
    const grievance = await insertGrievance(tx, {
      ticketNumber,
      customerId: origin.customerId,
      name: input.name,
      emailAddress: input.email_address,
      contactNumber: input.contact_number,
      category: input.category,
      orderNumber: input.order_number ?? null,
      description: input.description,
    });
    await queueGrievanceMails(ctx, tx, grievance);
    return grievance;
  });
  // Delivery runs after the answer; a failure stays in the outbox for the retry job.
  ctx.mail
    .flush()
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'mail flush after grievance failed'));
  return { ...toView(row), message: grievanceMessages.registered(row.ticketNumber) };
}

async function queueGrievanceMails(ctx: AppContext, tx: DbOrTx, grievance: GrievanceRow) {
  const officer = await grievanceOfficer(tx);
  const ticket = grievance.ticketNumber;
  const category = grievanceCategoryLabels[grievance.category as GrievanceView['category']];
  const about = grievance.orderNumber ? `${category}, order ${grievance.orderNumber}` : category;
  const received = indianDate.format(grievance.createdAt);
  const deadline = indianDate.format(resolveBy(grievance.createdAt));
  const officerText = officerLine(officer);
  await queueMail(ctx, tx, {
    kind: 'grievance-acknowledgement',
    to: grievance.emailAddress,
    subject: grievanceMessages.acknowledgementSubject(ticket),
    heading: 'Your grievance is registered',
    highlight: ticket,
    paragraphs: [
      `Dear ${grievance.name},`,
      `We received your grievance (${about}) on ${received}. Your ticket number is ${ticket}; please quote it whenever you write to us about it.`,
      `Our grievance officer will look into it and write to you. We resolve every grievance within one month, that is by ${deadline} at the latest.`,
      `You can see its status at any time with your ticket number and this e-mail address: ${statusUrl(ctx, ticket)}`,
      ...(officerText ? [officerText] : []),
      'What you wrote:',
      grievance.description,
    ],
  });
  const inbox = await officerInbox(tx, officer);
  if (!inbox) {
    ctx.log.warn(
      { ticket },
      'grievance stored without a notice to the shop: neither grievance_officer_email nor company_email_address is an e-mail address',
    );
    return;
  }
  await queueMail(ctx, tx, {
    kind: 'grievance-received',
    to: inbox,
    subject: grievanceMessages.officerSubject(ticket),
    heading: `New grievance ${ticket}`,
    paragraphs: [
      `Received: ${received}. To be resolved by: ${deadline}.`,
      `Category: ${category}`,
      ...(grievance.orderNumber ? [`Order: ${grievance.orderNumber}`] : []),
      `Name: ${grievance.name}`,
      `E-mail: ${grievance.emailAddress}`,
      `Phone: ${grievance.contactNumber}`,
      `Customer account: ${grievance.customerId === null ? 'none (guest)' : `#${grievance.customerId}`}`,
      'Grievance:',
      grievance.description,
    ],
  });
}

/**
 * GET grievances/{ticket}?email=…: the grievance, only for the e-mail address it was filed with
 * (in any letter case). A wrong address and an unknown ticket get the same 404, so the answer
 * tells nothing about tickets that are not one's own.
 */
export async function lookupGrievance(
  ctx: AppContext,
  ticket: string,
  email: string | undefined,
  ip: string,
): Promise<GrievanceView> {
  await ctx.limiter.hitIp(
    'grievance-lookup',
    ip,
    GRIEVANCE_LOOKUPS_PER_MINUTE,
    60_000,
    grievanceMessages.tooManyLookups,
  );
  const address = email?.trim().toLowerCase() ?? '';
  if (!address || address.length > 254 || !EMAIL_PATTERN.test(address)) {
    throw AppError.invalid('email', messages.invalidEmail);
  }
  const normalised = ticket.trim().toUpperCase();
  const row = await findGrievanceByTicket(ctx.db, normalised);
  if (!row || row.emailAddress.trim().toLowerCase() !== address) {
    throw AppError.notFound(grievanceMessages.notFound);
  }
  return toView(row);
}

/** The statuses a grievance may move to from each status (resolved is final). */
const NEXT_STATUSES: Record<GrievanceStatus, readonly GrievanceStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: [],
};

export type GrievanceChange = { status: 'in_progress' } | { status: 'resolved'; resolution: string };

/**
 * Staff move a grievance forward: open → in progress → resolved (or open → resolved). Resolving
 * records what was done and mails it to the complainant. A move that is not allowed from the
 * grievance's status (someone else moved it first) is a 409.
 */
export async function updateGrievance(
  ctx: AppContext,
  ticket: string,
  change: GrievanceChange,
  audit: (tx: DbOrTx, before: GrievanceRow, after: GrievanceRow) => Promise<void> = async () => {},
): Promise<GrievanceView> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findGrievanceByTicket(tx, ticket);
    if (!current) throw AppError.notFound(grievanceMessages.notFound);
    const from = (Object.keys(NEXT_STATUSES) as GrievanceStatus[]).filter((s) =>
      NEXT_STATUSES[s].includes(change.status),
    );
    const resolution = change.status === 'resolved' ? change.resolution.trim() : null;
    if (change.status === 'resolved' && !resolution) throw AppError.invalid('resolution', messages.required);
    const updated = await updateGrievanceStatus(tx, current.id, from, {
      status: change.status,
      ...(change.status === 'resolved' ? { resolution, resolvedAt: new Date() } : {}),
    });
    if (!updated) {
      throw new AppError(
        'conflict',
        `Grievance ${ticket} is ${grievanceStatusLabels[current.status as GrievanceStatus].toLowerCase()} and cannot become ${grievanceStatusLabels[change.status].toLowerCase()}.`,
      );
    }
    if (updated.status === 'resolved') {
      await queueMail(ctx, tx, {
        kind: 'grievance-resolved',
        to: updated.emailAddress,
        subject: grievanceMessages.resolvedSubject(ticket),
        heading: 'Your grievance is resolved',
        highlight: ticket,
        paragraphs: [
          `Dear ${updated.name},`,
          `Your grievance ${ticket} is resolved. This is what we did:`,
          resolution ?? '',
          `If you are not satisfied, reply to this mail or write to our grievance officer; the details are at ${ctx.config.publicUrl}/seller-information.`,
        ],
      });
    }
    await audit(tx, current, updated);
    return updated;
  });
  ctx.mail
    .flush()
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'mail flush after grievance failed'));
  return toView(row);
}

/** Grievances for the back office: the view plus who complained and what about. */
export function toAdminGrievance(row: GrievanceRow): AdminGrievance {
  return {
    ...toView(row),
    name: row.name,
    email_address: row.emailAddress,
    contact_number: row.contactNumber,
    description: row.description,
  };
}

export async function listGrievances(
  db: DbOrTx,
  filter: { statuses: GrievanceStatus[]; q?: string | undefined },
  page: { offset: number; perPage: number },
): Promise<{ items: AdminGrievance[]; total: number }> {
  const { rows, total } = await pageOfGrievances(db, filter, page);
  return { items: rows.map(toAdminGrievance), total };
}

export async function grievanceForStaff(db: DbOrTx, ticket: string): Promise<AdminGrievance> {
  const row = await findGrievanceByTicket(db, ticket.toUpperCase());
  if (!row) throw AppError.notFound('No grievance has this ticket number.');
  return toAdminGrievance(row);
}
