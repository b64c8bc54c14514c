import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useSession } from '../../session.tsx';
import type { StaffSessionStep } from '@shop/contract/admin/staff';

type Step = 'password' | 'totp';

/** Only a path inside the back office may follow sign-in (no open redirect to another site). */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * Sign-in in one or two steps: e-mail and password; then, for an account with two-factor
 * authentication, the authenticator's six-digit code or a recovery code. (An owner without it
 * sets it up right after, see enrol-totp-page.tsx.)
 */
export default function SignInPage() {
  const { staff, signedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const form = useSubmit(['email', 'password', 'code']);

  if (staff) return <Navigate to={next} replace />;

  const finish = (answer: StaffSessionStep) => {
    if (answer.step === 'done') {
      signedIn(answer.staff);
      navigate(next, { replace: true });
    } else {
      setCode('');
      setStep('totp');
    }
  };

  const onPassword = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await form.submit(() => adminApi.post<StaffSessionStep>('session', { email, password }));
    if (answer) finish(answer);
  };
  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await form.submit(() =>
      adminApi.post<StaffSessionStep>('session/totp', { code: code.replace(/\s+/g, '') }),
    );
    if (answer) finish(answer);
  };
  const startOver = () => {
    form.clear();
    setPassword('');
    setCode('');
    setStep('password');
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
              Back office sign-in
            </Title>
          </div>

          {step === 'password' && (
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

          {step === 'totp' && (
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
        </Stack>
      </Paper>
    </Center>
  );
}
