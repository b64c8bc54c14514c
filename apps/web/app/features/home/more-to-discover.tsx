import {
  IconAward,
  IconBuildingFactory2,
  IconPencilCog,
  IconTools,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { Button } from '../../components/ui/button.tsx';
import classes from './home.module.css';
import { SectionHeading } from './section-heading.tsx';
import { Container } from '../../components/ui/container.tsx';

const FEATURES = [
  { title: 'Transportation', icon: IconTruckDelivery },
  { title: 'Bulk Production', icon: IconBuildingFactory2 },
  { title: 'Prototype Making', icon: IconTools },
  { title: 'Products Design', icon: IconPencilCog },
  { title: 'High Quality', icon: IconAward },
] as const;

interface Props {
  text: string;
  images: (string | undefined)[];
}

/** More to discover: five feature boxes, the text, two images and 'Read More' → /page/about-us. */
export function MoreToDiscover({ text, images }: Props) {
  const shown = images.filter((src): src is string => Boolean(src)).slice(0, 2);
  return (
    <section aria-labelledby="discover-heading" className={classes.section} data-testid="more-to-discover">
      <Container>
        <SectionHeading id="discover-heading" title="More to discover" />
        <div className={classes.discoverGrid}>
          <div>
            {text && <p className={classes.discoverText}>{text.replace(/<[^>]*>/g, ' ')}</p>}
            <div className={classes.featureGrid}>
              {FEATURES.map(({ title, icon: Icon }) => (
                <div key={title} className={classes.featureBox} data-testid="feature-box">
                  <span className={classes.featureIcon}>
                    <Icon size={28} color="var(--mantine-color-maroon-8)" aria-hidden />
                  </span>
                  <p className={classes.featureTitle}>{title}</p>
                </div>
              ))}
            </div>
            <Button to="/page/about-us" color="maroon" size="md" round className={classes.readMore}>
              Read More
              <span className={classes.visuallyHidden}> about us</span>
            </Button>
          </div>
          {shown.length > 0 && (
            <div className={classes.discoverImages}>
              {shown.map((src, i) => (
                <img
                  key={src}
                  src={src}
                  alt={i === 0 ? 'Our kitchen and workshop' : 'Our products'}
                  width={560}
                  height={420}
                  loading="lazy"
                  decoding="async"
                  className={classes.discoverImage}
                />
              ))}
            </div>
          )}
        </div>
      </Container>
    </section>
  );
}
