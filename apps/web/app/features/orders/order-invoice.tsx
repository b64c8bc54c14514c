import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { invoiceMessages, type OrderTaxDocument } from '@shop/contract/invoices';
import { formatInr } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import { ApiFailure } from '@shop/contract/storefront-context';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { API_BASE } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { sessionStore } from '../session/session-store.ts';
import { formatOrderDate } from './order-format.ts';

/**
 * Fetches a PDF with the customer's token (a plain link cannot send it) and hands it to the
 * browser as a download named after the document number.
 */
async function downloadDocument(document: OrderTaxDocument): Promise<void> {
  const token = sessionStore.token();
  const response = await fetch(`${API_BASE}/${document.download_path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw new ApiFailure(response.status, data, `Request failed (${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `${document.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function DocumentLink({ document, label }: { document: OrderTaxDocument; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      c="maroon.8"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadDocument(document);
        } catch (error) {
          notifyError(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Group gap={6} wrap="nowrap">
        <IconFileInvoice size={18} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** The GST tax invoice of a confirmed order and its credit notes, each downloadable as a PDF. */
export function OrderInvoice({ order }: { order: Order }) {
  const invoice = order.invoice;
  if (!invoice) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Tax invoice
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          {invoice.invoice.number} · {formatOrderDate(invoice.invoice.issued_at)} ·{' '}
          {formatInr(invoice.invoice.total)}
        </Text>
        <DocumentLink document={invoice.invoice} label={invoiceMessages.download} />
        {invoice.credit_notes.map((note) => (
          <DocumentLink
            key={note.number}
            document={note}
            label={invoiceMessages.downloadCreditNote(note.number)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
