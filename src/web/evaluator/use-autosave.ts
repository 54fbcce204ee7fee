import { useMutation } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Evaluation } from '../../evaluation';
import { answerChanges } from './answer-changes';
import { SAVE_EVALUATION } from './evaluator-documents';

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the evaluation on screen a moment after the last change (answers and the current section),
 * one save at a time. `flush` saves now and resolves true once everything is saved (before a
 * submit); `discard` forgets what is unsaved. Leaving the page saves what is pending; closing the tab with unsaved answers asks first.
 */
export function useAutosave(opts: {
  evaluationId: string;
  evaluation: Evaluation | null;
  onError: (err: unknown) => void;
  delay?: number;
}) {
  const { evaluationId, evaluation } = opts;
  const [save] = useMutation(SAVE_EVALUATION);
  const [state, setState] = useState<SaveState>('saved');
  const saved = useRef(evaluation);
  const latest = useRef(evaluation);
  latest.current = evaluation;
  const running = useRef<Promise<boolean> | null>(null);
  const onError = useRef(opts.onError);
  onError.current = opts.onError;

  const flush = useCallback(async (): Promise<boolean> => {
    while (running.current) await running.current;
    const base = saved.current;
    const target = latest.current;
    if (!base || !target) return true;
    const changes = answerChanges(base, target);
    const sectionId = target.metadata.currentSectionId;
    if (changes.length === 0 && sectionId === base.metadata.currentSectionId) {
      setState('saved');
      return true;
    }
    setState('saving');
    const run = save({
      variables: { id: evaluationId, answers: Object.fromEntries(changes), currentSectionId: sectionId },
    })
      .then(() => {
        saved.current = target;
        setState(latest.current === target ? 'saved' : 'pending');
        return true;
      })
      .catch((err: unknown) => {
        setState('error');
        onError.current(err);
        return false;
      })
      .finally(() => {
        running.current = null;
      });
    running.current = run;
    return run;
  }, [evaluationId, save]);

  useEffect(() => {
    if (!evaluation || evaluation === saved.current) return;
    setState((s) => (s === 'saving' ? s : 'pending'));
    const timer = setTimeout(() => void flush(), opts.delay ?? AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [evaluation, flush, opts.delay]);

  const unsaved = state !== 'saved';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // Leaving the page (another screen of the app) saves what the debounce has not saved yet.
  useEffect(
    () => () => {
      if (latest.current !== saved.current) void flush();
    },
    [flush],
  );

  /** Forgets unsaved changes (the evaluation is being given back). */
  const discard = useCallback(() => {
    saved.current = latest.current;
    setState('saved');
  }, []);

  return { state, flush, discard };
}
