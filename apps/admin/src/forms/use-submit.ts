import { useCallback, useState } from 'react';
import { AdminApiError } from '../api.ts';

export interface Submission {
  submitting: boolean;
  /** The message for the whole form (a named error, or a 422 field the form has no input for). */
  formError: string | null;
  /** 422 messages by field name, shown under their inputs. */
  fieldErrors: Record<string, string>;
  /** Runs the call; on failure keeps its messages and resolves undefined instead of throwing. */
  submit<T>(call: () => Promise<T>): Promise<T | undefined>;
  clear(): void;
}

/**
 * The state every back-office form needs around one API call: busy flag, the form's error and
 * the fields' errors from the API's 422 list. `fields` are the inputs the form shows; a 422
 * message about any other field is shown as the form's error so that nothing is lost.
 */
export function useSubmit(fields: readonly string[] = []): Submission {
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const known = fields.join('\u0000');

  const submit = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      setSubmitting(true);
      setFormError(null);
      setFieldErrors({});
      try {
        return await call();
      } catch (error) {
        if (error instanceof AdminApiError) {
          const byField = error.fieldErrors;
          const shown = known.split('\u0000');
          const unshown = Object.entries(byField).filter(([field]) => !shown.includes(field));
          setFieldErrors(byField);
          if (!Array.isArray(error.body) || unshown.length) setFormError(unshown[0]?.[1] ?? error.message);
        } else {
          setFormError('Something went wrong. Please try again.');
        }
        return undefined;
      } finally {
        setSubmitting(false);
      }
    },
    [known],
  );
  const clear = useCallback(() => {
    setFormError(null);
    setFieldErrors({});
  }, []);
  return { submitting, formError, fieldErrors, submit, clear };
}
