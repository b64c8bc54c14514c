import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { notifyFailed } from './notify.ts';

interface ConfirmActionProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  /** The button's text, also the confirm button's. */
  label: string;
  /** The dialog's question: what will happen, in the shop's words. */
  question: ReactNode;
  /** Runs on confirm; a refusal from the API is shown as a notice and the dialog stays open. */
  action: () => Promise<unknown>;
  confirmColor?: string;
  /** The dismiss button's text; a label that repeats "Cancel" (Cancel order) names what is kept. */
  dismissLabel?: string;
}

/**
 * A button for a change that is hard to undo (end a session, disable an account, reset a second
 * factor): it asks first, in a dialog that names what will happen.
 */
export function ConfirmAction({
  label,
  question,
  action,
  confirmColor = 'red',
  dismissLabel = 'Cancel',
  ...button
}: ConfirmActionProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await action();
      close();
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="light" color={confirmColor} {...button} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label} centered>
        <Stack>
          <Text size="sm">{question}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {dismissLabel}
            </Button>
            <Button color={confirmColor} loading={busy} onClick={run}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
