import { Button, Group, Modal, Text } from '@mantine/core';
import type { Address } from '@shop/contract/addresses';
import { messages } from '@shop/contract/messages';
import { useState } from 'react';

/** 'Are you sure you want to remove address "{address_name}"?' with Cancel / Remove. */
export function RemoveAddressDialog({
  address,
  onCancel,
  onConfirm,
}: {
  address: Address | null;
  onCancel: () => void;
  onConfirm: (address: Address) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={address !== null}
      onClose={onCancel}
      title="Remove address"
      centered
      transitionProps={{ duration: 200 }}
    >
      <Text>{address ? messages.removeAddressConfirm(address.address_name) : ''}</Text>
      <Group justify="flex-end" mt="lg">
        {/* Focus starts on the safe choice, not on the dialog's close button. */}
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          loading={busy}
          onClick={async () => {
            if (!address) return;
            setBusy(true);
            try {
              await onConfirm(address);
            } finally {
              setBusy(false);
            }
          }}
        >
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
