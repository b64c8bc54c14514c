import { notifications } from '@mantine/notifications';
import { AdminApiError } from '../api.ts';

/** A short confirmation that a change was saved. */
export function notifySaved(message: string): void {
  notifications.show({ color: 'green', message });
}

/**
 * A failed action outside a form (a row's button): the API's own message, or the screen's own
 * words for a refusal it reports itself (one order of a bulk action).
 */
export function notifyFailed(error: unknown): void {
  const message =
    typeof error === 'string'
      ? error
      : error instanceof AdminApiError
        ? error.message
        : 'Something went wrong. Please try again.';
  notifications.show({ color: 'red', title: 'Not done', message });
}
