import { Alert, Button, Container, Stack } from '@mantine/core';
import { useRouteError } from 'react-router';

/**
 * A screen that failed to render or whose chunk failed to load (a deploy replaced the hashed
 * files): offer a reload, which fetches the new index.html and its chunks.
 */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong on this screen.';
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" title="This screen could not be shown">
          {message}
        </Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reload the page
        </Button>
      </Stack>
    </Container>
  );
}
