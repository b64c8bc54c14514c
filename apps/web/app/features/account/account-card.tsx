import { Anchor, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InnerPageBanner } from '../../components/inner-page-banner.tsx';
import classes from './account.module.css';

/** The line under an account card that leads to the neighbouring screen. */
export interface AccountCardLink {
  /** E.g. 'Already have an account?' */
  text: string;
  to: string;
  label: string;
}

/**
 * The frame of every account screen: the inner-page banner (title + breadcrumb) and a centred
 * card with an icon, a heading and a short explanation above the form (an AccountForm), and
 * optionally a link to the neighbouring screen below the card.
 */
export function AccountCard({
  title,
  heading,
  description,
  icon,
  children,
  footer,
  banner = true,
}: {
  /** Banner title and breadcrumb label. */
  title: string;
  heading: string;
  description?: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  footer?: AccountCardLink;
  /** False when the page shows the banner itself (e.g. above a protected wrapper). */
  banner?: boolean;
}) {
  return (
    <>
      {banner ? <InnerPageBanner title={title} /> : null}
      <Container size={520} px="md" className={classes.page}>
        <Paper withBorder shadow="md" radius="lg" className={classes.card}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light" color="saffron" className={classes.icon}>
                {icon}
              </ThemeIcon>
              <Title order={2} className={classes.heading}>
                {heading}
              </Title>
              {description ? (
                <Text c="gray.7" size="sm" maw={380}>
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Text ta="center" size="sm" mt="lg">
            {footer.text}{' '}
            <Anchor c="maroon.8" component={Link} to={footer.to} fw={600}>
              {footer.label}
            </Anchor>
          </Text>
        ) : null}
      </Container>
    </>
  );
}
