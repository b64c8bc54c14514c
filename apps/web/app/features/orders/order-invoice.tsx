import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { invoiceMessages, type OrderTaxDocument } from '@shop/contract/invoices';
import { formatInr } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { formatOrderDate } from './order-format.ts';

/** A document's PDF, named after its number (INV/2627/000001 → INV-2627-000001.pdf). */
const downloadDocument = (document: OrderTaxDocument) =>
  apiDownload(document.download_path, `${document.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`);

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
