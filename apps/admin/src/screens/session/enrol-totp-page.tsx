import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Code,
  CopyButton,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { StaffDone, TotpEnrolment } from '@shop/contract/admin/staff';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useSession } from '../../session.tsx';
import { QrCode } from './qr-code.tsx';

/**
 * An owner signs in with a second factor, always. An owner without one (a new account, or after
 * the factor was reset) lands here straight after the password and can open nothing else: the
 * server refuses every other operation until a first code from the app confirms the set-up. The
 * recovery codes are shown on this page only; the owner confirms having saved them.
 */
export default function EnrolTotpPage() {
  const { staff, signedIn, signOut } = useSession();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [saved, setSaved] = useState(false);
  const [code, setCode] = useState('');
  const start = useSubmit();
  const confirm = useSubmit(['code']);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: a second start would replace the secret the owner may already have scanned.
    if (started.current) return;
    started.current = true;
    start
      .submit(() => adminApi.post<TotpEnrolment>('session/totp/enrol'))
      .then((answer) => {
        if (answer) setEnrolment(answer);
      });
  }, [start]);

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await confirm.submit(() =>
      adminApi.post<StaffDone>('session/totp/enrol/confirm', { code: code.replace(/\s+/g, '') }),
    );
    if (answer) signedIn(answer.staff);
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520}>
        <Stack>
          <div>
            <Text size="sm" c="saffron.8" fw={700}>
              Kesar Foods &amp; Locks
            </Text>
            <Title order={1} size="h2">
              Set up two-factor authentication
            </Title>
          </div>
          <Text size="sm">
            {staff?.name}, an owner's account needs a code from a phone at every sign-in. Scan this QR code
            with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
          </Text>
          <FormError message={start.formError} />
          {!enrolment && !start.formError && (
            <Center>
              <Loader aria-label="Preparing" />
            </Center>
          )}
          {enrolment && (
            <form onSubmit={onConfirm} noValidate>
              <Stack>
                <Center>
                  <QrCode value={enrolment.otpauth_uri} label="QR code for your authenticator app" />
                </Center>
                <Text size="xs" c="dimmed" ta="center">
                  Cannot scan? Enter this key: <Code data-testid="totp-secret">{enrolment.secret}</Code>
                </Text>
                <Alert color="saffron" variant="light" title="Your recovery codes">
                  <Stack gap="xs">
                    <Text size="sm">
                      Each code signs you in once if you lose your phone. Keep them somewhere safe: they are
                      shown only now.
                    </Text>
                    <SimpleGrid cols={2} spacing={4} data-testid="recovery-codes">
                      {enrolment.recovery_codes.map((c) => (
                        <Code key={c} ta="center" fz="sm">
                          {c}
                        </Code>
                      ))}
                    </SimpleGrid>
                    <CopyButton value={enrolment.recovery_codes.join('\n')}>
                      {({ copied, copy }) => (
                        <Button variant="default" size="xs" onClick={copy} w="fit-content">
                          {copied ? 'Copied' : 'Copy the codes'}
                        </Button>
                      )}
                    </CopyButton>
                  </Stack>
                </Alert>
                <Checkbox
                  label="I have saved my recovery codes"
                  checked={saved}
                  onChange={(e) => setSaved(e.currentTarget.checked)}
                />
                <FormError message={confirm.formError} />
                <TextInput
                  label="Code from the app"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  error={confirm.fieldErrors.code}
                />
                <Button type="submit" loading={confirm.submitting} disabled={!saved}>
                  Turn on two-factor authentication
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => signOut()}>
            Sign out
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
