import { useCallback, useState } from 'react';
import { adminApi } from '../api.ts';
import { notifySaved } from '../forms/notify.ts';
import { type Submission, useSubmit } from '../forms/use-submit.ts';
import type { AdminList } from './use-admin-list.ts';

interface EditorSteps<D> extends Pick<Submission, 'submitting' | 'formError' | 'fieldErrors'> {
  /** Opens the editor on a draft (the empty one for "New …", or a row's fields), without old errors. */
  open(draft: D): void;
  /** Closes the editor; what was typed is dropped. */
  close(): void;
  /** Changes some fields of the open draft. */
  set(patch: Partial<D>): void;
  /** Saves the open draft (PUT with an id, else POST); on success says so, closes, reloads the list. */
  save(): Promise<void>;
}

/** An editor with a draft open: what its form reads. */
export interface OpenDraftEditor<D> extends EditorSteps<D> {
  /** The draft as it was opened: the form's title, and the saved record's id and name. */
  initial: D;
  /** The draft as typed so far. */
  draft: D;
}

/** The editor of a list's rows; `draft` is null while it is closed. */
export type DraftEditor<D> = OpenDraftEditor<D> | (EditorSteps<D> & { initial: null; draft: null });

export interface DraftEditorOptions<S> {
  /** The inputs the form shows: a 422 message about any other field becomes the form's error. */
  fields: readonly string[];
  /** The notice after a save, in the screen's own words ("DIWALI10 is saved."). */
  savedMessage(saved: S): string;
}

/**
 * The editor of a back-office list's rows (coupons, carriers, delivery zones, content pages): which
 * draft is open, the fields typed so far, and its save — PUT `path/id` for a row, POST `path` for
 * a new one, then the screen's notice, the editor closed and the list loaded again; a refusal
 * stays in the form (its error and the fields' 422 messages, see useSubmit) and the editor stays
 * open. The screens kept these steps each in their own copy; one hook keeps them alike, and each
 * screen keeps its own words through `savedMessage`.
 *
 * The draft lives in the screen, not in the form, so the form is mounted only while a draft is
 * open and its own state (a rich-text editor, a slug typed by hand) starts from `initial` each
 * time. The submission's state outlives one draft, so `open` clears its messages.
 */
export function useDraftEditor<D extends { id?: number }, S>(
  list: AdminList<S>,
  path: string,
  { fields, savedMessage }: DraftEditorOptions<S>,
): DraftEditor<D> {
  const [editing, setEditing] = useState<{ initial: D; draft: D } | null>(null);
  const { submitting, formError, fieldErrors, submit, clear } = useSubmit(fields);

  const open = useCallback(
    (draft: D) => {
      clear();
      setEditing({ initial: draft, draft });
    },
    [clear],
  );
  const close = useCallback(() => setEditing(null), []);
  // An update function, so that a callback made at the form's first render (the rich-text
  // editor's onUpdate) still changes the latest draft.
  const set = useCallback(
    (patch: Partial<D>) => setEditing((e) => e && { ...e, draft: { ...e.draft, ...patch } }),
    [],
  );
  const save = async () => {
    if (!editing) return;
    const { id, ...body } = editing.draft;
    const saved = await submit(() =>
      id ? adminApi.put<S>(`${path}/${id}`, body) : adminApi.post<S>(path, body),
    );
    if (saved) {
      notifySaved(savedMessage(saved));
      close();
      list.reload();
    }
  };

  const steps = { open, close, set, save, submitting, formError, fieldErrors };
  return editing ? { ...steps, ...editing } : { ...steps, initial: null, draft: null };
}
