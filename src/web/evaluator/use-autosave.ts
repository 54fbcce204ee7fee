import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Evaluation } from '../../evaluation';
import { answerChanges } from './answer-changes';
import type { Outbox, OutboxState } from './offline/outbox';
import { mapAnswers } from './offline/outbox-logic';
import { takenAtOfAnswer, toOutboxValue } from './offline/photos';

export type SaveState = 'saved' | 'pending' | 'saving' | 'error' | 'offline';

export const AUTOSAVE_DELAY_MS = 800;

/** The state the save indicator shows, from the outbox and what the debounce still holds. */
export function saveStateOf(outbox: OutboxState, unqueued: boolean): SaveState {
  if (outbox.problem) return 'error';
  if (outbox.waiting === 0 && !unqueued) return 'saved';
  if (!outbox.online) return 'offline';
  return outbox.sending ? 'saving' : 'pending';
}

/**
 * Saves the evaluation on screen a moment after the last change (answers and the current section):
 * the changes go into the offline outbox (IndexedDB) first, which sends them in order whenever there
 * is a connection. `flush` queues now and resolves true once everything is on the server (before a
 * submit); `discard` forgets what is unsaved. Leaving the page queues what is pending; closing the
 * tab before the changes reach the outbox asks first.
 */
export function useAutosave(opts: {
  evaluationId: string;
  evaluation: Evaluation | null;
  outbox: Outbox;
  delay?: number;
}) {
  const { evaluation, outbox } = opts;
  const outboxState = useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
  const [unqueued, setUnqueued] = useState(false);
  const saved = useRef(evaluation);
  const latest = useRef(evaluation);
  latest.current = evaluation;

  /** Puts the changes since the last queued state into the outbox. */
  const queue = useCallback(async () => {
    const base = saved.current;
    const target = latest.current;
    if (!base || !target || base === target) return;
    saved.current = target;
    const changes = answerChanges(base, target);
    const sectionId = target.metadata.currentSectionId ?? null;
    setUnqueued(latest.current !== target);
    if (changes.length === 0 && sectionId === base.metadata.currentSectionId) return;
    const answers = Object.fromEntries(changes);
    const photoTakenAt: Record<string, string> = {};
    for (const [id, value] of changes) {
      const taken = takenAtOfAnswer(value);
      if (taken) photoTakenAt[id] = taken;
    }
    await outbox.add({
      answers: mapAnswers(answers, toOutboxValue),
      currentSectionId: sectionId,
      photoTakenAt,
    });
  }, [outbox]);

  const flush = useCallback(async (): Promise<boolean> => {
    await queue();
    return outbox.flush();
  }, [queue, outbox]);

  useEffect(() => {
    if (!evaluation || evaluation === saved.current) return;
    setUnqueued(true);
    const timer = setTimeout(() => void queue(), opts.delay ?? AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [evaluation, queue, opts.delay]);

  useEffect(() => {
    if (!unqueued) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unqueued]);

  // Leaving the page (another screen of the app) queues what the debounce has not queued yet.
  useEffect(
    () => () => {
      if (latest.current !== saved.current) void queue();
    },
    [queue],
  );

  /** Forgets unsaved changes (the evaluation is being given back). */
  const discard = useCallback(async () => {
    saved.current = latest.current;
    setUnqueued(false);
    await outbox.dropAll();
  }, [outbox]);

  return { state: saveStateOf(outboxState, unqueued), outboxState, flush, discard };
}
