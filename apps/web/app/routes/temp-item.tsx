import type { StorefrontLoaderArgs } from '../lib/root-data.ts';
import { Anchor, Container, Text } from '@mantine/core';
import { Link, type MetaFunction, useParams } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { assertNotProduction } from '../features/content/debug-only.server.ts';

/** /temp/{id}: the second temporary demo page (product rules §2), development only. */
export function loader({ context }: StorefrontLoaderArgs) {
  assertNotProduction(context);
  return null;
}

export const meta: MetaFunction = ({ params }) => [
  { title: `Temp item ${params.id ?? ''}` },
  { name: 'robots', content: 'noindex' },
];

export default function TempItemRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <InnerPageBanner title={`Temp item ${id}`} />
      <Container size="md" py={40}>
        <Text mb="md">A temporary demo page for the item “{id}”.</Text>
        <Anchor component={Link} to="/temp" c="maroon.8">
          Back to Temp
        </Anchor>
      </Container>
    </>
  );
}
