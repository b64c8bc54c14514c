import { notifications } from '@mantine/notifications';
import { errorMessageOf } from '@shop/contract/api-error';
import { messages } from '@shop/contract/messages';
import { ApiFailure } from '@shop/contract/storefront-context';

/** Green notice; the product's default success close time is 2000 ms. */
export function notifySuccess(message: string, autoClose = 2000) {
  notifications.show({ message, color: 'green', autoClose });
}

/** Red notice with the message rule of product rules §8 (data array → data.message → top-level message). */
export function notifyError(error: unknown, autoClose = 4000) {
  notifications.show({ message: errorText(error), color: 'red', autoClose });
}

export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof ApiFailure) return errorMessageOf(error.data, error.message);
  if (error instanceof Error && error.message) return error.message;
  return messages.oops;
}
