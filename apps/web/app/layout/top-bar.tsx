import { IconMail, IconPhone } from '@tabler/icons-react';
import classes from './layout.module.css';
import type { ShopTexts } from '../lib/shop-texts.ts';
import { Container } from '../components/ui/container.tsx';

/**
 * Top bar: header text, company phone and e-mail (product rules §2). A landmark of its own
 * ("Contact"), so that nothing of the page lies outside one; not part of the header, which sticks
 * to the top of the screen without it.
 */
export function TopBar({ texts }: { texts: ShopTexts }) {
  return (
    <aside className={classes.topBar} data-testid="top-bar" aria-label="Contact">
      <Container className={classes.topBarInner}>
        <span className={classes.topBarText}>{texts.headerTopText}</span>
        <span className={classes.topBarContacts}>
          {texts.phone && (
            <a href={`tel:${texts.phone.replace(/[^\d+]/g, '')}`} className={classes.topBarLink}>
              <IconPhone size={15} aria-hidden />
              <span>{texts.phone}</span>
            </a>
          )}
          {texts.email && (
            <a href={`mailto:${texts.email}`} className={classes.topBarLink}>
              <IconMail size={15} aria-hidden />
              <span>{texts.email}</span>
            </a>
          )}
        </span>
      </Container>
    </aside>
  );
}
