import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { IconButton } from '../../components/ui/button.tsx';
import type { SocialLinks } from '../../lib/shop-texts.ts';
import classes from './home.module.css';
import { NewsletterForm } from './newsletter-form.tsx';
import { Container } from '../../components/ui/container.tsx';

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
      <Container>
        <div className={classes.followGrid}>
          <div>
            <h2 className={classes.followTitle}>Follow Us On</h2>
            {followDescription && <p className={classes.followText}>{followDescription}</p>}
            <div className={classes.followLinks}>
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
            </div>
          </div>
          <div>
            <h2 className={classes.followTitle}>Subscribe Newsletter</h2>
            <p className={`${classes.followText} ${classes.followTextBeforeForm}`}>
              {newsletterDescription ||
                'Offers on festive sweets, new snacks and locks — straight to your inbox.'}
            </p>
            <NewsletterForm />
          </div>
        </div>
      </Container>
    </section>
  );
}
