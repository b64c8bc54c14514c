import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ApplyCouponResult } from '@shop/contract/coupons';
import { IconCircleCheck, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '@shop/contract/messages';
import { errorText, notifyError } from '../../lib/notify.ts';

/**
 * Coupon code input with 'Apply Coupon'. The server computes the discount (or says why not);
 * this box only shows the answer.
 */
export function CouponBox({
  applied,
  onApply,
  onRemove,
}: {
  applied: ApplyCouponResult | null;
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
}) {
  const [code, setCode] = useState(applied?.coupon_code ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    setError(null);
    if (!code.trim()) {
      // The server's words for an empty coupon_code, as every required field of the shop says.
      setError(messages.required);
      return;
    }
    setBusy(true);
    try {
      await onApply(code.trim());
    } catch (e) {
      // A refusal is a red notification, as every error of the shop (product rules §8), and stays
      // under the field it is about until the code is changed.
      notifyError(e);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Coupon code"
          placeholder="Enter code"
          leftSection={<IconTicket size={18} aria-hidden />}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value.toUpperCase());
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          error={error}
          style={{ flex: 1 }}
          autoComplete="off"
        />
        <Button color="saffron" c="dark.9" onClick={apply} loading={busy} mb={error ? 22 : 0}>
          Apply Coupon
        </Button>
      </Group>
      {applied && (
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start" data-testid="coupon-applied">
          {/* The message wraps; 'Remove' keeps its full width beside it. */}
          <Group gap={6} wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
            <IconCircleCheck
              size={18}
              color="var(--mantine-color-green-8)"
              aria-hidden
              style={{ flexShrink: 0, marginTop: 1 }}
            />
            <Text size="sm" c="green.9" fw={600}>
              {applied.coupon_code}: {applied.message}
            </Text>
          </Group>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            onClick={() => {
              onRemove();
              setCode('');
            }}
          >
            Remove
          </Button>
        </Group>
      )}
    </Stack>
  );
}
