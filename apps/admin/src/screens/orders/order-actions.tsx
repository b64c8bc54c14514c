import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { AdminOrderDetail } from '@shop/contract/admin/orders';
import { formatPaise, rupeesToPaise } from '@shop/contract/money';
import { ORDER_ACTION_TARGET, type OrderAction, orderStatusLabels } from '@shop/contract/orders';
import { useState } from 'react';
import { AdminApiError, adminApi } from '../../api.ts';
import { ConfirmAction } from '../../forms/confirm-action.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';

type Order = AdminOrderDetail;
type SetOrder = (order: Order) => void;

/** What an action's dialog needs: the order, where the updated order goes, and a reload. */
interface ActionProps {
  order: Order;
  onDone: SetOrder;
  /** Loads the order again: another member of staff or the customer moved it meanwhile. */
  onStale: () => void;
}

/**
 * Posts an action or refund of this order. A 409 means the order's state no longer allows it
 * (someone else packed, cancelled or refunded it since the page was loaded): the order is loaded
 * again, so the page shows its state and only the actions it allows now, and the refusal still
 * reaches the caller to be shown.
 */
async function postToOrder(order: Order, path: string, body: object, onStale: () => void): Promise<Order> {
  try {
    return await adminApi.post<Order>(`orders/${order.id}/${path}`, body);
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 409) onStale();
    throw error;
  }
}

interface Carrier {
  id: number;
  name: string;
  tracking_url_template: string | null;
}

const actionLabels: Record<OrderAction, string> = {
  confirm: 'Confirm',
  pack: 'Mark packed',
  ship: 'Ship',
  deliver: 'Mark delivered',
  cancel: 'Cancel order',
  return: 'Record return',
};

function ShipDialog({ order, onDone, onStale }: ActionProps) {
  const [opened, setOpened] = useState(false);
  const [carriers, setCarriers] = useState<Carrier[]>([]);
  const [carrierId, setCarrierId] = useState<string | null>(null);
  const [tracking, setTracking] = useState('');
  // A carrier without a tracking page (the shop's own van) may ship without a number.
  const chosen = carriers.find((c) => String(c.id) === carrierId);
  const trackingRequired = !chosen || Boolean(chosen.tracking_url_template);
  const { submitting, formError, fieldErrors, submit } = useSubmit(['carrier_id', 'tracking_number']);
  const { formError: carrierError, submitting: loadingCarriers, submit: loadCarriers } = useSubmit();
  const open = async () => {
    setOpened(true);
    const list = await loadCarriers(() => adminApi.get<Carrier[]>('carriers'));
    if (list) setCarriers(list);
  };
  const ship = async () => {
    const updated = await submit(() =>
      postToOrder(
        order,
        'actions',
        { action: 'ship', carrier_id: carrierId ? Number(carrierId) : undefined, tracking_number: tracking },
        onStale,
      ),
    );
    if (updated) {
      notifySaved(`Order ${order.order_id} shipped.`);
      setOpened(false);
      onDone(updated);
    }
  };
  return (
    <>
      <Button size="compact-sm" onClick={open}>
        Ship
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Ship order ${order.order_id}`} centered>
        <Stack>
          <FormError message={carrierError ?? formError} />
          <Select
            label="Carrier"
            // Until the carriers are here an open list would be empty (and a click on it lost).
            disabled={loadingCarriers}
            placeholder={loadingCarriers ? 'Loading carriers…' : 'Choose a carrier'}
            data={carriers.map((c) => ({ value: String(c.id), label: c.name }))}
            value={carrierId}
            onChange={setCarrierId}
            error={fieldErrors.carrier_id}
            required
          />
          <TextInput
            label="Tracking number"
            value={tracking}
            onChange={(e) => setTracking(e.currentTarget.value)}
            error={fieldErrors.tracking_number}
            maxLength={40}
            required={trackingRequired}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={submitting} onClick={ship}>
              Ship order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ReturnDialog({ order, onDone, onStale }: ActionProps) {
  const [opened, setOpened] = useState(false);
  const [restock, setRestock] = useState(true);
  const { submitting, formError, submit } = useSubmit();
  const run = async () => {
    const updated = await submit(() => postToOrder(order, 'actions', { action: 'return', restock }, onStale));
    if (updated) {
      setOpened(false);
      onDone(updated);
      notifySaved(`Order ${order.order_id}: return recorded${restock ? ', items back in stock' : ''}.`);
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="light" color="orange" onClick={() => setOpened(true)}>
        Record return
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Record return" centered>
        <Stack>
          <Text size="sm">Record that order {order.order_id} came back to the shop?</Text>
          <Checkbox
            label="Put the items back in stock"
            checked={restock}
            onChange={(e) => setRestock(e.currentTarget.checked)}
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button color="orange" loading={submitting} onClick={run}>
              Record return
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * Confirming an unpaid order records its total as received offline (a bank transfer, UPI to the
 * shop): the order then reads Paid, and a mistake is undone only by a refund by hand. So the
 * dialog says so and asks for the payment's reference, which the server requires and keeps.
 */
function ConfirmPaidOfflineDialog({ order, onDone, onStale }: ActionProps) {
  const [opened, setOpened] = useState(false);
  const [reference, setReference] = useState('');
  const { submitting, formError, fieldErrors, submit } = useSubmit(['payment_reference']);
  const run = async () => {
    const updated = await submit(() =>
      postToOrder(order, 'actions', { action: 'confirm', payment_reference: reference }, onStale),
    );
    if (updated) {
      setOpened(false);
      onDone(updated);
      notifySaved(
        `Order ${order.order_id}: confirmed, ${formatPaise(updated.total_paise)} recorded as paid.`,
      );
    }
  };
  return (
    <>
      <Button size="compact-sm" onClick={() => setOpened(true)}>
        Confirm
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Confirm as paid" centered>
        <Stack>
          <Text size="sm">
            No payment for order {order.order_id} has come through a gateway. Confirming records{' '}
            {formatPaise(order.total_paise)} as received by bank transfer or UPI: the order reads Paid, and
            only a refund by hand can undo it.
          </Text>
          <TextInput
            label="Payment reference (UTR, UPI or cheque number)"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={fieldErrors.payment_reference}
            maxLength={100}
            required
            data-autofocus
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={submitting} onClick={run}>
              Confirm as paid
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function RefundDialog({ order, onDone, onStale }: ActionProps) {
  const [opened, setOpened] = useState(false);
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const { submitting, formError, fieldErrors, submit } = useSubmit(['amount_paise', 'reason', 'reference']);
  // Cash on delivery and money confirmed as received offline go back by hand, with a reference.
  // The server says which, from the payments left to refund (one home for the rule).
  const byHand = order.refund_needs_reference;
  const run = async () => {
    const updated = await submit(() =>
      postToOrder(
        order,
        'refunds',
        {
          amount_paise: amount === '' ? undefined : rupeesToPaise(amount),
          reason,
          ...(byHand && reference ? { reference } : {}),
        },
        onStale,
      ),
    );
    if (updated) {
      notifySaved('Refund started.');
      setOpened(false);
      onDone(updated);
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="light" color="grape" onClick={() => setOpened(true)}>
        Refund
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Refund order ${order.order_id}`}
        centered
      >
        <Stack>
          <NumberInput
            label="Amount (₹)"
            description={`At most ${formatPaise(order.refundable_paise)}`}
            value={amount}
            onChange={setAmount}
            min={0}
            max={order.refundable_paise / 100}
            decimalScale={2}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            error={fieldErrors.amount_paise}
            required
          />
          <Textarea
            label="Reason (the customer reads it)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldErrors.reason}
            maxLength={200}
            required
          />
          {byHand && (
            <TextInput
              label="Reference (bank transfer or cash handed back)"
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={fieldErrors.reference}
              maxLength={100}
              required
            />
          )}
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button color="grape" loading={submitting} onClick={run}>
              Refund
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The order's action bar: a button for each step its status allows (ship and return open their
 * dialogs; the rest ask first) and Refund while money is left to refund and the role may refund.
 */
export function OrderActions({ order, onDone, onStale }: ActionProps) {
  const simple = async (action: OrderAction) => {
    onDone(await postToOrder(order, 'actions', { action }, onStale));
    notifySaved(`Order ${order.order_id}: ${orderStatusLabels[ORDER_ACTION_TARGET[action]].toLowerCase()}.`);
  };
  return (
    <Group gap="xs">
      {order.allowed_actions.map((action) => {
        if (action === 'ship')
          return <ShipDialog key={action} order={order} onDone={onDone} onStale={onStale} />;
        if (action === 'return')
          return <ReturnDialog key={action} order={order} onDone={onDone} onStale={onStale} />;
        if (action === 'confirm' && order.confirm_records_payment)
          return <ConfirmPaidOfflineDialog key={action} order={order} onDone={onDone} onStale={onStale} />;
        if (action === 'cancel')
          return (
            <ConfirmAction
              key={action}
              label="Cancel order"
              dismissLabel="Keep order"
              question={`Cancel order ${order.order_id}? Its items go back into stock and what was paid is refunded.`}
              action={() => simple('cancel')}
            />
          );
        return (
          <ConfirmAction
            key={action}
            label={actionLabels[action]}
            question={`${actionLabels[action]}: order ${order.order_id}?`}
            confirmColor="blue"
            variant="filled"
            action={() => simple(action)}
          />
        );
      })}
      {order.refundable_paise > 0 && order.may_refund && (
        <RefundDialog order={order} onDone={onDone} onStale={onStale} />
      )}
    </Group>
  );
}

/** Adds a staff-only note to the order; `onAdded` loads the order again to show it. */
export function NoteForm({ order, onAdded }: { order: Order; onAdded: () => void }) {
  const [body, setBody] = useState('');
  const { submitting, formError, fieldErrors, submit } = useSubmit(['body']);
  const add = async () => {
    const note = await submit(() => adminApi.post(`orders/${order.id}/notes`, { body }));
    if (note) {
      setBody('');
      onAdded();
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label="Add a note"
        description="Only staff see notes."
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        error={fieldErrors.body}
        autosize
        minRows={2}
      />
      <FormError message={formError} />
      <Group justify="flex-end">
        <Button size="compact-sm" loading={submitting} onClick={add}>
          Add note
        </Button>
      </Group>
    </Stack>
  );
}
