import { Container, Stack, Text, Title } from '@mantine/core';
import { messages } from '@shop/contract/messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from './ui/button.tsx';

/** The one error boundary: 404 page for missing resources, 'Unexpected Application Error!' otherwise. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        {notFound ? (
          <>
            <Title order={1}>404</Title>
            <Text>{messages.pageNotFound}</Text>
          </>
        ) : (
          <>
            <Title order={1}>{messages.unexpectedError}</Title>
            <Text>{messages.oops}</Text>
          </>
        )}
        <Button to="/" color="maroon">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
