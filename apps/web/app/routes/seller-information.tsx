import { type MetaFunction, useLoaderData } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { Container } from '../components/ui/container.tsx';
import classes from '../features/grievances/grievances.module.css';
import { loadSellerInformation } from '../features/grievances/load-seller-information.server.ts';
import { PincodeDataCredit, SellerDetails } from '../features/grievances/seller-details.tsx';
import { breadcrumbJsonLd, pageMeta, shopName } from '../features/seo/page-meta.ts';
import { rootDataFrom, type StorefrontLoaderArgs } from '../lib/root-data.ts';

/** /seller-information: the seller's details from the shop's settings, rendered on the server. */
export async function loader({ context }: StorefrontLoaderArgs) {
  return { seller: await loadSellerInformation(context.api) };
}

export const meta: MetaFunction<typeof loader> = ({ loaderData, matches, location }) => {
  const root = rootDataFrom(matches);
  const seller = loaderData?.seller;
  const name = seller?.legal_name || shopName(root.settings);
  return pageMeta({
    settings: root.settings,
    module: 'seller_information',
    title: 'Seller Information',
    description: `Seller details of ${shopName(root.settings)}: ${name}, registered address, GSTIN, FSSAI licence number, customer care and grievance officer.`,
    keywords: 'seller information, gstin, fssai licence, grievance officer',
    publicUrl: root.publicUrl,
    path: location.pathname,
    jsonLd: [
      breadcrumbJsonLd(root.publicUrl, [{ name: 'Seller Information', path: location.pathname }]),
      ...(seller?.legal_name
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'Organization',
              name: shopName(root.settings),
              legalName: seller.legal_name,
              ...(seller.address ? { address: seller.address } : {}),
              ...(seller.gstin ? { taxID: seller.gstin } : {}),
              url: seller.website,
            },
          ]
        : []),
    ],
  });
};

export default function SellerInformationRoute() {
  const { seller } = useLoaderData<typeof loader>();
  return (
    <>
      <InnerPageBanner title="Seller Information" />
      <Container size="lg" className={classes.page}>
        <p className={classes.lead}>
          Who sells on this website, and how to reach us with a question or a complaint.
        </p>
        <SellerDetails seller={seller} />
        <PincodeDataCredit />
      </Container>
    </>
  );
}
