import { Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SellerInformation } from '@shop/contract/grievances';
import { IconMail, IconMessageReport, IconPhone, IconUserShield } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PolicyLinks } from '../../components/policy-links.tsx';
import { GRIEVANCE_PATH, SELLER_INFORMATION_PATH } from '../../lib/policy-links.ts';
import classes from './grievances.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** One labelled value; nothing when the shop has not set it. */
function Row({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children ?? value}</dd>
    </>
  );
}

/**
 * The pincode directory behind "Check delivery" and the address form is India Post's, published on
 * data.gov.in under the Government Open Data License – India, which asks every user to name the
 * provider, the source, the licence and the dataset's address.
 */
export const PINCODE_DATA_CREDIT = {
  text: 'PIN code data: Department of Posts, Government of India, via data.gov.in (Government Open Data License – India)',
  url: 'https://data.gov.in/resource/all-india-pincode-directory-till-last-month',
} as const;

/** The attribution line the pincode directory's licence requires, linked to the dataset. */
export function PincodeDataCredit() {
  return (
    <Text size="xs" c="gray.7" mt="xl" data-testid="pincode-data-credit">
      <Anchor href={PINCODE_DATA_CREDIT.url} c="gray.8" inherit>
        {PINCODE_DATA_CREDIT.text}
      </Anchor>
    </Text>
  );
}

const redressalPromise =
  'We acknowledge every grievance at once with a ticket number and resolve it within one month of receipt.';

/** /seller-information: who sells, the customer-care contacts and the grievance officer. */
export function SellerDetails({ seller }: { seller: SellerInformation }) {
  const officer = seller.grievance_officer;
  return (
    <div className={classes.sellerGrid}>
      <section className={classes.card} aria-labelledby="seller-heading">
        <Title order={2} className={classes.cardHeading} id="seller-heading">
          Seller
        </Title>
        <dl className={classes.details}>
          <Row label="Legal name" value={seller.legal_name} testId="seller-legal-name" />
          <Row label="Registered address" value={seller.address} testId="seller-address" />
          <Row
            label={seller.branch_addresses.length > 1 ? 'Branch addresses' : 'Branch address'}
            value={seller.branch_addresses.join('\n')}
            testId="seller-branches"
          >
            {seller.branch_addresses.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Row>
          <Row label="State" value={seller.state} testId="seller-state" />
          <Row label="GSTIN" value={seller.gstin} testId="seller-gstin" />
          <Row label="FSSAI licence number" value={seller.fssai_licence_number} testId="seller-fssai" />
          <Row label="Website" value={seller.website} testId="seller-website">
            <Anchor href={seller.website}>{seller.website.replace(/^https?:\/\//, '')}</Anchor>
          </Row>
        </dl>
      </section>
      <section className={classes.card} aria-labelledby="officer-heading">
        <Title order={2} className={classes.cardHeading} id="officer-heading">
          Grievance Officer
        </Title>
        <dl className={classes.details}>
          <Row label="Name" value={officer.name} testId="grievance-officer-name" />
          <Row label="Designation" value={officer.designation} testId="grievance-officer-designation" />
          <Row label="E-mail" value={officer.email} testId="grievance-officer-email">
            <Anchor href={`mailto:${officer.email}`}>{officer.email}</Anchor>
          </Row>
          <Row label="Phone" value={officer.phone} testId="grievance-officer-phone">
            <Anchor href={telHref(officer.phone)}>{officer.phone}</Anchor>
          </Row>
        </dl>
        <Text size="sm" c="gray.7" mt="md">
          {redressalPromise}
        </Text>
        <Group gap="sm" mt="md">
          <Button
            component={Link}
            to={GRIEVANCE_PATH}
            color="maroon.8"
            leftSection={<IconMessageReport size={18} aria-hidden />}
          >
            File a Grievance
          </Button>
          <Anchor component={Link} to={`${GRIEVANCE_PATH}#status`} className={classes.textLink}>
            Check the status of a grievance
          </Anchor>
        </Group>
      </section>
      <section className={classes.card} aria-labelledby="care-heading">
        <Title order={2} className={classes.cardHeading} id="care-heading">
          Customer Care
        </Title>
        <dl className={classes.details}>
          <Row label="E-mail" value={seller.customer_care.email} testId="customer-care-email">
            <Anchor href={`mailto:${seller.customer_care.email}`}>{seller.customer_care.email}</Anchor>
          </Row>
          <Row label="Phone" value={seller.customer_care.phone} testId="customer-care-phone">
            <Anchor href={telHref(seller.customer_care.phone)}>{seller.customer_care.phone}</Anchor>
          </Row>
        </dl>
      </section>
      <section className={classes.card} aria-labelledby="policies-heading">
        <Title order={2} className={classes.cardHeading} id="policies-heading">
          Our Policies
        </Title>
        <PolicyLinks intro="What you can expect when you buy from us:" />
      </section>
    </div>
  );
}

/** The grievance page's side card: whom the grievance goes to, and how fast. */
export function GrievanceOfficerCard({ seller }: { seller: SellerInformation }) {
  const officer = seller.grievance_officer;
  return (
    <section className={classes.officerCard} aria-labelledby="officer-card-heading">
      <Title order={2} className={classes.officerHeading} id="officer-card-heading">
        Our Grievance Officer
      </Title>
      <Text className={classes.officerIntro}>{redressalPromise}</Text>
      <Stack gap="lg" mt="xl">
        {officer.name && (
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={46} radius="xl" className={classes.officerIcon} aria-hidden>
              <IconUserShield size={22} />
            </ThemeIcon>
            <div>
              <Text className={classes.officerLabel}>Name</Text>
              <Text className={classes.officerText}>{officer.name}</Text>
              {officer.designation && <Text className={classes.officerSubtext}>{officer.designation}</Text>}
            </div>
          </Group>
        )}
        {officer.email && (
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={46} radius="xl" className={classes.officerIcon} aria-hidden>
              <IconMail size={22} />
            </ThemeIcon>
            <div>
              <Text className={classes.officerLabel}>Email</Text>
              <Anchor href={`mailto:${officer.email}`} className={classes.officerText}>
                {officer.email}
              </Anchor>
            </div>
          </Group>
        )}
        {officer.phone && (
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={46} radius="xl" className={classes.officerIcon} aria-hidden>
              <IconPhone size={22} />
            </ThemeIcon>
            <div>
              <Text className={classes.officerLabel}>Phone</Text>
              <Anchor href={telHref(officer.phone)} className={classes.officerText}>
                {officer.phone}
              </Anchor>
            </div>
          </Group>
        )}
      </Stack>
      <Text className={classes.officerFooter}>
        <Anchor component={Link} to={SELLER_INFORMATION_PATH} className={classes.officerText}>
          Seller information
        </Anchor>
      </Text>
    </section>
  );
}
