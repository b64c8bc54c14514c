import {
  Anchor,
  Button,
  Center,
  Code,
  CopyButton,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useSession } from '../../session.tsx';
import type { SignInStep, StaffMe } from '../../staff-shapes.ts';
import { QrCode } from './qr-code.tsx';

type Step =
  | { step: 'password' }
  | { step: 'totp' }
  | { step: 'enrol'; otpauthUri: string; secret: string | null }
  | { step: 'recovery-codes'; codes: string[]; staff: StaffMe };

/** Only a path inside the back office may follow sign-in (no open redirect to another site). */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** The base32 secret of an otpauth URI, for typing into an app that cannot scan. */
function secretOf(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
}

/**
 * Sign-in in up to three steps: e-mail and password; then the authenticator's six-digit code (or
 * a recovery code); an owner without an authenticator yet first scans the QR code, confirms with
 * a code and is shown the recovery codes once.
 */
export default function SignInPage() {
  const { staff, signedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [step, setStep] = useState<Step>({ step: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const form = useSubmit(['email', 'password', 'code']);

  if (staff && step.step !== 'recovery-codes') return <Navigate to={next} replace />;

  const finish = (answer: SignInStep) => {
    if (answer.step === 'done') {
      if (answer.recovery_codes?.length)
        setStep({ step: 'recovery-codes', codes: answer.recovery_codes, staff: answer.staff });
      else {
        signedIn(answer.staff);
        navigate(next, { replace: true });
      }
    } else if (answer.step === 'totp') {
      setCode('');
      setStep({ step: 'totp' });
    } else {
      setCode('');
      setStep({
        step: 'enrol',
        otpauthUri: answer.otpauth_uri,
        secret: answer.secret ?? secretOf(answer.otpauth_uri),
      });
    }
  };

  const onPassword = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await form.submit(() => adminApi.post<SignInStep>('session', { email, password }));
    if (answer) finish(answer);
  };
  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await form.submit(() =>
      adminApi.post<SignInStep>('session/totp', { code: code.replace(/\s+/g, '') }),
    );
    if (answer) finish(answer);
  };
  const startOver = () => {
    form.clear();
    setPassword('');
    setCode('');
    setStep({ step: 'password' });
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <div>
            <Text size="sm" c="saffron.8" fw={700}>
              Kesar Foods &amp; Locks
            </Text>
            <Title order={1} size="h2">
              {step.step === 'recovery-codes' ? 'Save your recovery codes' : 'Back office sign-in'}
            </Title>
          </div>

          {step.step === 'password' && (
            <form onSubmit={onPassword} noValidate>
              <Stack>
                <FormError message={form.formError} />
                <TextInput
                  label="E-mail"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  error={form.fieldErrors.email}
                  data-autofocus
                />
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={form.fieldErrors.password}
                />
                <Button type="submit" loading={form.submitting}>
                  Continue
                </Button>
              </Stack>
            </form>
          )}

          {step.step === 'totp' && (
            <form onSubmit={onCode} noValidate>
              <Stack>
                <Text size="sm">
                  Enter the six-digit code from your authenticator app, or one of your recovery codes.
                </Text>
                <FormError message={form.formError} />
                <TextInput
                  label="Code"
                  autoComplete="one-time-code"
                  inputMode="text"
                  required
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  error={form.fieldErrors.code}
                  autoFocus
                />
                <Button type="submit" loading={form.submitting}>
                  Sign in
                </Button>
                <Anchor component="button" type="button" size="sm" onClick={startOver}>
                  Use another account
                </Anchor>
              </Stack>
            </form>
          )}

          {step.step === 'enrol' && (
            <form onSubmit={onCode} noValidate>
              <Stack>
                <Text size="sm">
                  An owner's account needs a second step at every sign-in. Scan this code with an
                  authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter
                  the six-digit code it shows.
                </Text>
                <Center>
                  <QrCode value={step.otpauthUri} label="QR code for your authenticator app" />
                </Center>
                {step.secret && (
                  <Text size="xs" c="dimmed" ta="center">
                    Cannot scan? Enter this key: <Code>{step.secret}</Code>
                  </Text>
                )}
                <FormError message={form.formError} />
                <TextInput
                  label="Code from the app"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  error={form.fieldErrors.code}
                  autoFocus
                />
                <Button type="submit" loading={form.submitting}>
                  Turn on and sign in
                </Button>
              </Stack>
            </form>
          )}

          {step.step === 'recovery-codes' && (
            <Stack>
              <Text size="sm">
                Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown
                only now.
              </Text>
              <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
                {step.codes.map((c) => (
                  <Code key={c} ta="center" fz="sm">
                    {c}
                  </Code>
                ))}
              </SimpleGrid>
              <CopyButton value={step.codes.join('\n')}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy the codes'}
                  </Button>
                )}
              </CopyButton>
              <Button
                onClick={() => {
                  signedIn(step.staff);
                  navigate(next, { replace: true });
                }}
              >
                I have saved them — continue
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
