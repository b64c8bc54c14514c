import { Center, Loader } from '@mantine/core';

/** Shown while a screen's chunk or the session loads. */
export function PageLoader() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}
