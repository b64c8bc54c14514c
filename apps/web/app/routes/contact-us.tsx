import type { MetaFunction } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { contactDetailsOf } from '../features/contact/contact-details.ts';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { ContactInfo } from '../features/contact/contact-info.tsx';
import classes from '../features/contact/contact.module.css';
import { rootDataFrom, useRootData } from '../lib/root-data.ts';
import { breadcrumbJsonLd, pageMeta, shopName } from '../features/seo/page-meta.ts';
import { Container } from '../components/ui/container.tsx';

export const meta: MetaFunction = ({ matches, location }) => {
  const root = rootDataFrom(matches);
  return pageMeta({
    settings: root.settings,
    module: 'contact_us',
    title: 'Contact Us',
    description: `Contact ${shopName(root.settings)}: call, e-mail or send us a message about orders, bulk orders and locks.`,
    publicUrl: root.publicUrl,
    path: location.pathname,
    jsonLd: [breadcrumbJsonLd(root.publicUrl, [{ name: 'Contact Us', path: location.pathname }])],
  });
};

/** /contact-us: company contact details and the contact form (product rules §2). */
export default function ContactUsRoute() {
  const details = contactDetailsOf(useRootData());
  return (
    <>
      <InnerPageBanner title="Contact Us" />
      <Container className={classes.page}>
        <div className={classes.layout}>
          <ContactInfo details={details} />
          <ContactForm />
        </div>
      </Container>
    </>
  );
}
