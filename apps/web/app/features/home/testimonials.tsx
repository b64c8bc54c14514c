import type { Testimonial } from '@shop/contract/content';
import { mediaUrl } from '@shop/contract/media';
import { IconQuote } from '@tabler/icons-react';
import { FiveStarsIcon } from '../../components/ui/icons.tsx';
import classes from './home.module.css';
import { SectionHeading } from './section-heading.tsx';
import { SlideCarousel } from './slide-carousel.tsx';
import { Container } from '../../components/ui/container.tsx';

function FiveStars() {
  return (
    <span role="img" aria-label="Rated 5 out of 5" className={classes.stars}>
      <FiveStarsIcon size={18} color="var(--mantine-color-saffron-6)" />
    </span>
  );
}

/** What People are Saying: 3 per view (2 at medium, 1 at small), gap 60 (30, 0), always five stars. */
export function Testimonials({ items, description }: { items: Testimonial[]; description?: string }) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="testimonials-heading"
      className={classes.testimonialSection}
      data-testid="testimonials"
    >
      <Container>
        <SectionHeading id="testimonials-heading" title="What People are Saying" description={description} />
        <SlideCarousel
          label="What People are Saying"
          indicators="dark"
          previousLabel="Previous testimonial"
          nextLabel="Next testimonial"
          indicatorLabel={(i) => `Show testimonial ${i + 1}`}
          className={classes.testimonialCarousel}
        >
          {items.map((t) => (
            <div key={t.id} className={classes.testimonial} data-testid="testimonial">
              <div className={classes.testimonialBody}>
                <IconQuote size={30} color="var(--mantine-color-saffron-5)" aria-hidden />
                <p className={classes.testimonialText}>{t.description}</p>
                <FiveStars />
                <div className={classes.testimonialPerson}>
                  {t.image ? (
                    <img
                      src={mediaUrl('clienttestimonials', t.image, '300x300')}
                      alt={t.name}
                      width={52}
                      height={52}
                      loading="lazy"
                      decoding="async"
                      className={classes.avatar}
                    />
                  ) : (
                    <span className={classes.avatar} aria-hidden>
                      {t.name.slice(0, 1)}
                    </span>
                  )}
                  <div>
                    <p className={classes.testimonialName}>{t.name}</p>
                    <p className={classes.testimonialRole}>{t.designation}</p>
                  </div>
                </div>
              </div>
            </div>
          ))}
        </SlideCarousel>
      </Container>
    </section>
  );
}
