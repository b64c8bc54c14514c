import { Button, Group, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  type CreateStaffInput,
  STAFF_ROLES,
  type StaffAccount,
  type StaffRole,
  type UpdateStaffInput,
  staffMessages,
} from '@shop/contract/admin/staff';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../forms/form-error.tsx';
import type { Submission } from '../../forms/use-submit.ts';
import { useSession } from '../../session.tsx';

export const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

/** What each role may do, in the words the owner chooses by. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything: staff, payment gateways, settings, audit log',
  manager: 'Catalogue, content, coupons, orders, customers, stock',
  staff: 'View, pack and ship orders; adjust stock',
};

const roleOptions = STAFF_ROLES.map((role) => ({
  value: role,
  label: `${ROLE_LABELS[role]} — ${ROLE_DESCRIPTIONS[role]}`,
}));

/** New account: e-mail, name, role and an optional password (the server makes one if left empty). */
export function CreateStaffForm({
  form,
  onSubmit,
}: {
  form: Submission;
  onSubmit: (input: CreateStaffInput) => void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ email, name, role, ...(password ? { password } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={form.formError} />
        <TextInput
          label="E-mail"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={form.fieldErrors.email}
          data-autofocus
        />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={form.fieldErrors.name}
        />
        <Select
          label="Role"
          data={roleOptions}
          value={role}
          onChange={(value) => value && setRole(value as StaffRole)}
          allowDeselect={false}
          error={form.fieldErrors.role}
        />
        <PasswordInput
          label="Password"
          description="Leave empty to have one made; it is shown once, to pass on."
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={form.fieldErrors.password}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Name, role and whether the account may sign in. */
export function EditStaffForm({
  account,
  form,
  onSubmit,
}: {
  account: StaffAccount;
  form: Submission;
  onSubmit: (input: UpdateStaffInput) => void;
}) {
  const [name, setName] = useState(account.name);
  const [role, setRole] = useState<StaffRole>(account.role);
  const [disabled, setDisabled] = useState(account.disabled);
  // The server refuses both for one's own account; the form does not offer them.
  const self = useSession().staff?.id === account.id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: UpdateStaffInput = {};
    if (name !== account.name) changes.name = name;
    if (role !== account.role) changes.role = role;
    if (disabled !== account.disabled) changes.disabled = disabled;
    onSubmit(changes);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={form.formError} />
        <TextInput label="E-mail" value={account.email} readOnly disabled />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={form.fieldErrors.name}
          data-autofocus
        />
        <Select
          label="Role"
          data={roleOptions}
          value={role}
          onChange={(value) => value && setRole(value as StaffRole)}
          allowDeselect={false}
          disabled={self}
          description={self ? staffMessages.notYourself : undefined}
          error={form.fieldErrors.role}
        />
        <Switch
          label="Disabled: cannot sign in (open sessions end)"
          disabled={self}
          checked={disabled}
          onChange={(e) => setDisabled(e.currentTarget.checked)}
          color="red"
          error={form.fieldErrors.disabled}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
