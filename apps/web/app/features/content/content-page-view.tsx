import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Page } from '@shop/contract/content';
import { messages } from '@shop/contract/messages';
import { IconFileOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { InnerPageBanner } from '../../components/inner-page-banner.tsx';
import classes from './content.module.css';
import { embedYoutubeTags } from './youtube-tags.ts';
import { Container } from '../../components/ui/container.tsx';

/** A content page: banner with its title, then its (server-sanitised) HTML with videos embedded. */
export function ContentPageView({ page }: { page: Page }) {
  const html = useMemo(() => embedYoutubeTags(page.content, page.title), [page.content, page.title]);
  return (
    <>
      <InnerPageBanner title={page.title} />
      <Container size="lg" className={classes.page}>
        <article className={classes.card} aria-label={page.title}>
          <div
            className={classes.prose}
            data-testid="page-content"
            // Sanitised by the API (product rules §10); the only markup added here is the generated player.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
      </Container>
    </>
  );
}

/** The product's text for a slug without a page (served with HTTP 404). */
export function ContentMissingView({ title }: { title: string }) {
  return (
    <>
      <InnerPageBanner title={title} />
      <Container size="sm" className={classes.page}>
        <Stack align="center" gap="lg" className={classes.missing}>
          <ThemeIcon size={72} radius="xl" variant="light" color="saffron" aria-hidden>
            <IconFileOff size={38} />
          </ThemeIcon>
          <Title order={2} fz="h3" c="maroon.9">
            {messages.contentNotAvailable}
          </Title>
          <Text c="gray.7">The page may have moved, or the link may be mistyped.</Text>
          <Button component={Link} to="/" size="md" color="maroon.8">
            Back to home
          </Button>
        </Stack>
      </Container>
    </>
  );
}
