import { Badge, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { Address } from '@shop/contract/addresses';
import { IconBriefcase, IconEdit, IconHome, IconTrash } from '@tabler/icons-react';
import classes from './addresses.module.css';

const CHOICE_NAME = 'delivery-address';

/**
 * Puts the focus on the chosen address (else the first): after a removal, as the remove button
 * that had it, and the dialog that would give it back, are gone with the address.
 */
export function focusAddressChoice() {
  requestAnimationFrame(() => {
    const choices = [...document.querySelectorAll<HTMLInputElement>(`input[name="${CHOICE_NAME}"]`)];
    (choices.find((c) => c.checked) ?? choices[0])?.focus();
  });
}

/**
 * Saved addresses as selectable radio cards (product rules §2 Shipping). Clicking a card selects it;
 * each has Edit, and Remove except the selected one.
 */
export function AddressList({
  addresses,
  selectedId,
  onSelect,
  onEdit,
  onRemove,
}: {
  addresses: Address[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (address: Address) => void;
  onRemove: (address: Address) => void;
}) {
  return (
    <Radio.Group
      value={selectedId ? String(selectedId) : null}
      onChange={(v) => onSelect(Number(v))}
      label="Choose a delivery address"
      name={CHOICE_NAME}
    >
      <Stack gap="sm" mt="sm">
        {addresses.map((a) => {
          const checked = a.id === selectedId;
          return (
            <Paper
              key={a.id}
              withBorder
              radius="md"
              p="md"
              className={classes.addressCard}
              data-checked={checked}
              data-testid="address-card"
              onClick={() => onSelect(a.id)}
            >
              <Group align="flex-start" wrap="nowrap" gap="md">
                <Radio
                  value={String(a.id)}
                  color="maroon"
                  aria-label={`Deliver to ${a.address_name}`}
                  mt={4}
                />
                {/* overflowWrap: a name or address typed without spaces wraps inside the card. */}
                <Stack gap={4} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Group gap="xs">
                    <Text fw={700}>{a.address_name}</Text>
                    <Badge
                      variant="light"
                      color={a.address_type === 'work' ? 'blue' : 'saffron'}
                      c={a.address_type === 'work' ? undefined : 'saffron.9'}
                      leftSection={
                        a.address_type === 'work' ? (
                          <IconBriefcase size={12} aria-hidden />
                        ) : (
                          <IconHome size={12} aria-hidden />
                        )
                      }
                    >
                      {a.address_type}
                    </Badge>
                    {a.is_default && (
                      <Badge variant="outline" color="gray.7">
                        Default
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{a.contact_person}</Text>
                  <Text size="sm" c="gray.7">
                    {a.full_address}, {a.city} - {a.pin_code}
                  </Text>
                  <Text size="sm" c="gray.7">
                    Landmark: {a.landmark} · Mobile: {a.mobile_number}
                  </Text>
                  {a.gstin ? (
                    <Text size="sm" c="gray.7">
                      GSTIN: {a.gstin}
                    </Text>
                  ) : null}
                  <Group gap="xs" mt={4}>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="saffron"
                      c="saffron.9"
                      leftSection={<IconEdit size={14} aria-hidden />}
                      onClick={(e) => {
                        e.stopPropagation();
                        onEdit(a);
                      }}
                      aria-label={`Edit address ${a.address_name}`}
                    >
                      Edit
                    </Button>
                    {!checked && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={(e) => {
                          e.stopPropagation();
                          onRemove(a);
                        }}
                        aria-label={`Remove address ${a.address_name}`}
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
