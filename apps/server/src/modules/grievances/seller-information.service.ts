import type { SellerInformation } from '@shop/contract/grievances';
import type { AppContext } from '../../context.ts';
import { settingValue } from '../settings/settings.service.ts';

/**
 * Who sells and whom to complain to, as an Indian online shop must show them (legal name,
 * head-office and branch addresses, GSTIN, FSSAI licence, customer care, grievance officer), from
 * the shop's settings.
 * A setting that is not set is an empty string: the page shows what there is.
 */
export async function sellerInformation(ctx: AppContext): Promise<SellerInformation> {
  const value = async (key: string) => (await settingValue(ctx.db, key))?.trim() ?? '';
  const [
    legalName,
    address,
    branches,
    gstin,
    state,
    fssai,
    officerName,
    officerDesignation,
    officerEmail,
    officerPhone,
    careEmail,
    carePhone,
  ] = await Promise.all(
    [
      'seller_legal_name',
      'seller_address',
      'seller_branch_addresses',
      'seller_gstin',
      'seller_state',
      'fssai_licence_number',
      'grievance_officer_name',
      'grievance_officer_designation',
      'grievance_officer_email',
      'grievance_officer_phone',
      'company_email_address',
      'company_contact_number',
    ].map(value),
  );
  return {
    legal_name: legalName ?? '',
    address: address ?? '',
    branch_addresses: (branches ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    gstin: gstin ?? '',
    state: state ?? '',
    fssai_licence_number: fssai ?? '',
    website: ctx.config.publicUrl,
    customer_care: { email: careEmail ?? '', phone: carePhone ?? '' },
    grievance_officer: {
      name: officerName ?? '',
      designation: officerDesignation ?? '',
      email: officerEmail ?? '',
      phone: officerPhone ?? '',
    },
  };
}
