import type { MessageResponse } from '@shop/contract/engagement';
import { messages } from '@shop/contract/messages';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { api } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import classes from './home.module.css';

/**
 * Subscribe Newsletter (product rules §5): an empty e-mail shows 'Please enter a valid email address' and
 * sends nothing; no format check on the client; the server's message shows as a green notice.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);
  async function submit() {
    if (!email.trim()) {
      notifyError(messages.newsletterEmpty);
      return;
    }
    setLoading(true);
    try {
      const response = await api.post<MessageResponse>(
        'newsletters',
        { email: email.trim() },
        { auth: false },
      );
      notifySuccess(response.message);
      setEmail('');
    } catch (error) {
      notifyError(error);
    } finally {
      setLoading(false);
    }
  }
  return (
    <form
      className={classes.newsletterForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextInput
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        placeholder="Your e-mail address"
        aria-label="E-mail address for the newsletter"
        leftSection={<IconMail size={18} aria-hidden />}
        round
        size="md"
        className={classes.newsletterInput}
      />
      <Button type="submit" loading={loading} color="maroon" round size="md">
        Subscribe
      </Button>
    </form>
  );
}
