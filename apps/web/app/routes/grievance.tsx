import type { GrievanceCreated } from '@shop/contract/grievances';
import { useCallback, useState } from 'react';
import { type MetaFunction, useLoaderData, useSearchParams } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { Container } from '../components/ui/container.tsx';
import { GrievanceForm } from '../features/grievances/grievance-form.tsx';
import { GrievanceStatusLookup } from '../features/grievances/grievance-status.tsx';
import classes from '../features/grievances/grievances.module.css';
import { loadSellerInformation } from '../features/grievances/load-seller-information.server.ts';
import { GrievanceOfficerCard } from '../features/grievances/seller-details.tsx';
import { breadcrumbJsonLd, pageMeta, shopName } from '../features/seo/page-meta.ts';
import { rootDataFrom, type StorefrontLoaderArgs } from '../lib/root-data.ts';

/** /grievance: the grievance officer, the grievance form and the status look-up. */
export async function loader({ context }: StorefrontLoaderArgs) {
  return { seller: await loadSellerInformation(context.api) };
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) => {
  const root = rootDataFrom(matches);
  return pageMeta({
    settings: root.settings,
    module: 'grievance',
    title: 'Grievance Redressal',
    description: `File a grievance with ${shopName(root.settings)} and follow it with your ticket number: acknowledged at once, resolved within one month.`,
    keywords: 'grievance, complaint, grievance officer, ticket status',
    publicUrl: root.publicUrl,
    path: location.pathname,
    jsonLd: [breadcrumbJsonLd(root.publicUrl, [{ name: 'Grievance Redressal', path: location.pathname }])],
  });
};

export default function GrievanceRoute() {
  const { seller } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // The acknowledgement mail links here with ?ticket=…; the e-mail is the visitor's to type.
  const [prefill, setPrefill] = useState(() => {
    const ticket = searchParams.get('ticket')?.trim() ?? '';
    return ticket ? { ticket, email: '' } : null;
  });
  const onFiled = useCallback((filed: GrievanceCreated, email: string) => {
    setPrefill({ ticket: filed.ticket_number, email });
  }, []);
  return (
    <>
      <InnerPageBanner title="Grievance Redressal" />
      <Container className={classes.page}>
        <div className={classes.layout}>
          <GrievanceOfficerCard seller={seller} />
          <GrievanceForm onFiled={onFiled} />
        </div>
        <div id="status" className={classes.status}>
          <GrievanceStatusLookup prefill={prefill} />
        </div>
      </Container>
    </>
  );
}
