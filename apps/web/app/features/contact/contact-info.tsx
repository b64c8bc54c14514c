import { ActionIcon, Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandX,
  IconBrandYoutube,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './contact.module.css';
import type { ContactDetails, SocialNetwork } from './contact-details.ts';

const socialIcons: Record<SocialNetwork, { icon: ReactNode; label: string }> = {
  youtube: { icon: <IconBrandYoutube size={22} />, label: 'YouTube' },
  facebook: { icon: <IconBrandFacebook size={22} />, label: 'Facebook' },
  instagram: { icon: <IconBrandInstagram size={22} />, label: 'Instagram' },
  twitter: { icon: <IconBrandX size={20} />, label: 'Twitter' },
};

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={46} radius="xl" className={classes.infoIcon} aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text className={classes.infoLabel}>{label}</Text>
        {children}
      </div>
    </Group>
  );
}

/** Company e-mail, phone, address and social links (product rules §2, Contact Us). */
export function ContactInfo({ details }: { details: ContactDetails }) {
  return (
    <section className={classes.infoCard}>
      <Title order={2} className={classes.infoHeading}>
        Get in Touch
      </Title>
      <Text className={classes.infoIntro}>
        Questions about an order, bulk and wedding orders, or a lock for your home? We reply within one
        working day.
      </Text>
      <Stack gap="lg" mt="xl">
        {details.email && (
          <InfoRow icon={<IconMail size={22} />} label="Email">
            <Anchor href={`mailto:${details.email}`} className={classes.infoLink} data-testid="contact-email">
              {details.email}
            </Anchor>
          </InfoRow>
        )}
        {details.phone && (
          <InfoRow icon={<IconPhone size={22} />} label="Phone">
            <Anchor href={details.phoneHref} className={classes.infoLink} data-testid="contact-phone">
              {details.phone}
            </Anchor>
          </InfoRow>
        )}
        {details.addressHtml && (
          <InfoRow icon={<IconMapPin size={22} />} label="Address">
            <Text
              component="address"
              className={classes.infoText}
              data-testid="contact-address"
              // Sanitised (inline tags only) by sanitizeInlineHtml.
              dangerouslySetInnerHTML={{ __html: details.addressHtml }}
            />
          </InfoRow>
        )}
      </Stack>
      {details.social.length > 0 && (
        <div className={classes.social}>
          <Text className={classes.infoLabel} mb="xs">
            Follow Us
          </Text>
          <Group gap="sm" data-testid="contact-social">
            {details.social.map(({ network, url }) => (
              <ActionIcon
                key={network}
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                size={44}
                radius="xl"
                className={classes.socialLink}
                aria-label={socialIcons[network].label}
                data-network={network}
              >
                {socialIcons[network].icon}
              </ActionIcon>
            ))}
          </Group>
        </div>
      )}
    </section>
  );
}
