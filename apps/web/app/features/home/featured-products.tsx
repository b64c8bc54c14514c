import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';
import classes from './home.module.css';
import { SectionHeading } from './section-heading.tsx';

/** The Featured Products section around the product grid the home route puts in it. */
export function FeaturedProducts({ description, children }: { description: string; children: ReactNode }) {
  return (
    <section aria-labelledby="featured-heading" className={classes.section} data-testid="featured-products">
      <Container>
        <SectionHeading id="featured-heading" title="Featured Products" description={description} />
        {children}
      </Container>
    </section>
  );
}
