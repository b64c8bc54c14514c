import { Container, Group, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { IconButton } from '../../components/ui/button.tsx';
import type { SocialLinks } from '../layout/shop-texts.ts';
import classes from './home.module.css';
import { NewsletterForm } from './newsletter-form.tsx';

const NETWORKS = [
  { key: 'facebook', label: 'Facebook', icon: IconBrandFacebook },
  { key: 'instagram', label: 'Instagram', icon: IconBrandInstagram },
  { key: 'twitter', label: 'Twitter', icon: IconBrandX },
  { key: 'youtube', label: 'YouTube', icon: IconBrandYoutube },
] as const;

/** Follow Us On (only the social links that are set) and Subscribe Newsletter. */
interface Props {
  social: SocialLinks;
  followDescription?: string;
  newsletterDescription?: string;
}

export function FollowAndSubscribe({ social, followDescription, newsletterDescription }: Props) {
  const links = NETWORKS.filter((n) => social[n.key]);
  return (
    <section
      aria-label="Follow us and subscribe"
      className={classes.followSection}
      data-testid="follow-subscribe"
    >
      <Container size="xl">
        <div className={classes.followGrid}>
          <div>
            <Title order={2} className={classes.followTitle}>
              Follow Us On
            </Title>
            {followDescription && (
              <Text c="white" fz="sm" mt={4}>
                {followDescription}
              </Text>
            )}
            <Group gap="sm" mt="md">
              {links.map(({ key, label, icon: Icon }) => (
                <IconButton
                  key={key}
                  href={social[key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  size={46}
                  round
                  variant="white"
                  color="maroon"
                  aria-label={label}
                >
                  <Icon size={24} aria-hidden />
                </IconButton>
              ))}
            </Group>
          </div>
          <div>
            <Title order={2} className={classes.followTitle}>
              Subscribe Newsletter
            </Title>
            <Text c="white" fz="sm" mt={4} mb="md">
              {newsletterDescription ||
                'Offers on festive sweets, new snacks and locks — straight to your inbox.'}
            </Text>
            <NewsletterForm />
          </div>
        </div>
      </Container>
    </section>
  );
}
