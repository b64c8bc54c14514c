// First: schemas built after this import skip zod's eval probe (see zod-jitless.ts).
import '../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Text, TextInput, Title } from '@mantine/core';
import type { GrievanceStatus, GrievanceView } from '@shop/contract/grievances';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../../lib/notify.ts';
import { type GrievanceLookupValues, grievanceLookupSchema } from './grievance-form-schema.ts';
import classes from './grievances.module.css';
import { lookupGrievance } from './grievances-api.ts';
import { registerAfterClick } from '../../lib/blur-after-click.ts';

const statusColors: Record<GrievanceStatus, string> = {
  open: 'saffron',
  in_progress: 'blue',
  resolved: 'green',
};

const indianDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * The status look-up: a ticket number and the e-mail address it was filed with. `prefill` (from
 * a just-filed grievance, or the acknowledgement mail's link) fills the form and looks it up.
 */
export function GrievanceStatusLookup({ prefill }: { prefill: { ticket: string; email: string } | null }) {
  const [result, setResult] = useState<GrievanceView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register: registerField,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<GrievanceLookupValues>({
    mode: 'onBlur',
    resolver: zodResolver(grievanceLookupSchema),
    defaultValues: { ticket: '', email: '' },
  });
  // Checked on blur, but after the click that moved the focus (lib/blur-after-click.ts).
  const register = registerAfterClick(registerField);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setResult(await lookupGrievance(values.ticket.toUpperCase(), values.email));
    } catch (error) {
      setResult(null);
      setFailure(errorText(error));
    }
  });

  useEffect(() => {
    if (!prefill) return;
    if (prefill.ticket) setValue('ticket', prefill.ticket);
    if (prefill.email) setValue('email', prefill.email);
    setResult(null);
    setFailure(null);
  }, [prefill, setValue]);

  return (
    <section className={classes.formCard} aria-labelledby="grievance-status-heading">
      <Title order={2} className={classes.cardHeading} id="grievance-status-heading">
        Check the Status of a Grievance
      </Title>
      <Text c="gray.7" mb="lg">
        Enter your ticket number and the e-mail address you filed the grievance with.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Grievance status">
        <div className={classes.lookupRow}>
          <TextInput
            label="Ticket number"
            placeholder="GRV-2026-000123"
            autoCapitalize="characters"
            withAsterisk
            aria-required
            error={errors.ticket?.message}
            {...register('ticket')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            aria-required
            error={errors.email?.message}
            {...register('email')}
          />
          <Button
            type="submit"
            size="md"
            color="maroon.8"
            variant="outline"
            loading={isSubmitting}
            leftSection={<IconSearch size={18} aria-hidden />}
            className={classes.lookupButton}
          >
            Check Status
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {failure && (
          <Alert color="red" variant="light" mt="lg" icon={<IconAlertTriangle aria-hidden />}>
            {failure}
          </Alert>
        )}
        {result && <GrievanceStatusCard grievance={result} />}
      </div>
    </section>
  );
}

function GrievanceStatusCard({ grievance }: { grievance: GrievanceView }) {
  return (
    <div className={classes.statusCard} data-testid="grievance-status">
      <Group justify="space-between" gap="sm" mb="sm">
        <Text fw={700} className={classes.ticket}>
          {grievance.ticket_number}
        </Text>
        <Badge
          color={statusColors[grievance.status]}
          variant="light"
          size="lg"
          data-testid="grievance-status-label"
        >
          {grievance.status_label}
        </Badge>
      </Group>
      <dl className={classes.details}>
        <dt>About</dt>
        <dd>{grievance.category_label}</dd>
        {grievance.order_number && (
          <>
            <dt>Order</dt>
            <dd>{grievance.order_number}</dd>
          </>
        )}
        <dt>Filed on</dt>
        <dd>{indianDate.format(new Date(grievance.created_at))}</dd>
        {grievance.status === 'resolved' && grievance.resolved_at ? (
          <>
            <dt>Resolved on</dt>
            <dd>{indianDate.format(new Date(grievance.resolved_at))}</dd>
          </>
        ) : (
          <>
            <dt>To be resolved by</dt>
            <dd>{indianDate.format(new Date(grievance.resolve_by))}</dd>
          </>
        )}
        {grievance.resolution && (
          <>
            <dt>What we did</dt>
            <dd className={classes.resolution}>{grievance.resolution}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
