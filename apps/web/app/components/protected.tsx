import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { messages } from '@shop/contract/messages';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  afterLoginRedirect,
  isPasswordResetSession,
  type SessionCustomer,
  userData,
  useSession,
} from '../lib/session-store.ts';
import { api } from '../lib/api-client.ts';

/**
 * The product's protected wrapper for the logged-in area. On mount it asks the API who the stored
 * token belongs to: an 'Unauthorized' answer clears the session (api-client does that), which
 * turns this wrapper into the login prompt. Before hydration nothing session-dependent is
 * rendered, so server and client HTML agree. A password-reset session is sent to /change-password
 * from everywhere except where `allowPasswordReset` is set, and keeps its token meanwhile.
 */
export function Protected({
  children,
  allowPasswordReset = false,
}: {
  children: ReactNode;
  /**
   * Let a session that came from a password-reset code in (only /change-password): its token is
   * good for nothing but reading its customer and changing the password.
   */
  allowPasswordReset?: boolean;
}) {
  const mounted = useMounted();
  const { token, customer } = useSession();
  const resetSession = isPasswordResetSession(customer);

  useEffect(() => {
    // A password-reset session is not asked about: its customer came with the login moments ago,
    // and storing the details answer would drop the reset mark that keeps it on /change-password.
    if (!token || resetSession) return;
    let current = true;
    api
      .get<SessionCustomer>('customers/details')
      .then((customer) => {
        // Keep the stored customer fresh (e.g. a default address added elsewhere).
        if (current) userData.set(customer);
      })
      .catch(() => {
        // A 401 'Unauthorized' already cleared the session in api-client; other failures
        // (network) leave the customer logged in so the page can retry its own calls.
      });
    return () => {
      current = false;
    };
  }, [token, resetSession]);

  if (!mounted) {
    return (
      <Center py={80} aria-busy="true">
        <Loader color="saffron" aria-label="Loading" />
      </Center>
    );
  }
  if (!token) return <LoginPrompt />;
  if (resetSession && !allowPasswordReset) return <ChangePasswordPrompt />;
  return <>{children}</>;
}

/** Elsewhere than /change-password, a password-reset session is asked to finish the reset first. */
function ChangePasswordPrompt() {
  const navigate = useNavigate();
  return (
    <LockedPrompt
      title="Set a new password first"
      text="You logged in with a one-time code. Please set a new password to use your account."
      action="Change password"
      onAction={() => navigate('/change-password')}
    />
  );
}

function LoginPrompt() {
  const navigate = useNavigate();
  const location = useLocation();
  function goToLogin() {
    afterLoginRedirect.set(`${location.pathname}${location.search}`);
    navigate('/login');
  }
  return (
    <LockedPrompt title="Login required" text={messages.notLoggedIn} action="Login" onAction={goToLogin} />
  );
}

/** The card a protected page shows instead of itself: a lock, why, and the one way on. */
function LockedPrompt(props: { title: string; text: string; action: string; onAction: () => void }) {
  return (
    <Center py={60} px="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={480} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="maroon" variant="light">
            <IconLock size={30} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h3">
            {props.title}
          </Title>
          <Text>{props.text}</Text>
          <Button color="maroon" size="md" onClick={props.onAction}>
            {props.action}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
