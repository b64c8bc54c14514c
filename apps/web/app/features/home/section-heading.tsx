import { Text, Title } from '@mantine/core';
import classes from './home.module.css';

/** A home section heading with the saffron underline and an optional description. */
export function SectionHeading({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description?: string;
}) {
  return (
    <div className={classes.sectionHeading}>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {description && (
        <Text c="gray.7" maw={720} mx="auto" mt="xs">
          {description}
        </Text>
      )}
    </div>
  );
}
