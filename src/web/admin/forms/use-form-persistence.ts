import { useMutation } from '@apollo/client';
import { useState } from 'react';
import type { Form } from '../../../evaluation';
import { errorMessage, notifyError, notifySuccess } from '../../app/apollo';
import { PUBLISH_FORM, SAVE_FORM_DRAFT, SET_FORM_ACTIVE } from './forms-documents';
import { stableJson } from './stable-json';

export const MSG_DRAFT_SAVED = 'Draft saved';

/** Saving the draft, publishing it and switching the form on or off, with the saved snapshot. */
export function useFormPersistence(formId: string, initialDraft: Form) {
  const [savedJson, setSavedJson] = useState(() => stableJson(initialDraft));
  const [saveDraft, saveState] = useMutation(SAVE_FORM_DRAFT);
  const [publish, publishState] = useMutation(PUBLISH_FORM);
  const [setActive] = useMutation(SET_FORM_ACTIVE);

  /** Saves the draft; false (with the error shown) when the server refuses it. */
  const save = async (draft: Form, opts: { quiet?: boolean } = {}): Promise<boolean> => {
    try {
      await saveDraft({ variables: { id: formId, draft } });
      setSavedJson(stableJson(draft));
      if (!opts.quiet) notifySuccess(MSG_DRAFT_SAVED);
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  };

  /** Publishes the saved draft; returns the published version number, or null on failure. */
  const publishDraft = async (): Promise<number | null> => {
    try {
      const { data } = await publish({ variables: { id: formId } });
      return data?.publishForm.latestVersion?.version ?? null;
    } catch (err) {
      notifyError(err);
      return null;
    }
  };

  const switchActive = async (isActive: boolean) => {
    try {
      await setActive({ variables: { id: formId, isActive } });
      notifySuccess(isActive ? 'Form is active' : 'Form is inactive');
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };

  return {
    savedJson,
    save,
    saving: saveState.loading,
    publish: publishDraft,
    publishing: publishState.loading,
    switchActive,
  };
}
