import type { StorefrontLoaderArgs } from '../lib/root-data.ts';
import { Anchor, Container, List, Text } from '@mantine/core';
import { Link, type MetaFunction } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { assertNotProduction } from '../features/content/debug-only.server.ts';

/** /temp: a temporary demo page (product rules §2), development only. */
export function loader({ context }: StorefrontLoaderArgs) {
  assertNotProduction(context);
  return null;
}

export const meta: MetaFunction = () => [{ title: 'Temp' }, { name: 'robots', content: 'noindex' }];

const demoItems = [1, 2, 3];

export default function TempRoute() {
  return (
    <>
      <InnerPageBanner title="Temp" />
      <Container size="md" py={40}>
        <Text mb="md">A temporary demo page. Pick an item:</Text>
        <List spacing="xs">
          {demoItems.map((id) => (
            <List.Item key={id}>
              <Anchor component={Link} to={`/temp/${id}`} c="maroon.8">
                Temp item {id}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Container>
    </>
  );
}
