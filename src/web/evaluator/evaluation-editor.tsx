import { useApolloClient, useMutation } from '@apollo/client';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import { CompletionSummaryView, EvaluationSection, SectionPager, useEvaluationEntry } from '../evaluation';
import type { FieldEvaluationQuery } from '../gql/graphql';
import { UploadError, uploadFile } from '../order/upload-file';
import { EvaluationHeader } from './evaluation-header';
import { EVALUATION, SUBMIT_EVALUATION } from './evaluator-documents';
import { GiveBackButton } from './give-back-button';
import type { Outbox } from './offline/outbox';
import { keepPhotoOffline, rememberTakenAt } from './offline/photos';
import { OfflineBanner } from './offline-banner';
import { ProofingNote } from './proofing-note';
import { SaveIndicator } from './save-indicator';
import { SectionPicker, sectionProgress } from './section-picker';
import { shopperCompletion } from './shopper-completion';
import { contextOf, type StoredEvaluation } from './stored-evaluation';
import { useAutosave } from './use-autosave';
import { CheckOutReminder, VisitProofCard } from './visit-proof-card';

type Data = FieldEvaluationQuery['evaluation'];

/** The server's field errors ('answers.{elementId}') by element. */
function elementErrors(err: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(err))
      .filter(([field]) => field.startsWith('answers.'))
      .map(([field, message]) => [field.slice('answers.'.length), message]),
  );
}

/**
 * The shopper fills in an evaluation: one section at a time with the engine's numbering, messages
 * and completion; answers save themselves; Submit once it is 'Ready to Submit'. A rejected
 * evaluation shows the reviewer's note and comments.
 */
export function EvaluationEditor({
  data,
  stored,
  outbox,
  onSubmitted,
  onReload,
}: {
  data: Data;
  stored: StoredEvaluation;
  /** Where saves go first (IndexedDB), to be sent in order when there is a connection. */
  outbox: Outbox;
  onSubmitted: () => void;
  /** Loads the evaluation again from the server (after its waiting changes were dropped). */
  onReload: () => void;
}) {
  // The stored evaluation is read once: from here on the page holds the answers.
  const [form] = useState(() => stored.form);
  const [context] = useState(() => contextOf(data, stored.document));
  const [start] = useState(() => ({ answers: stored.document.answers, metadata: stored.document.metadata }));
  const entry = useEvaluationEntry(form, context, start);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [showAll, setShowAll] = useState(false);
  const autosave = useAutosave({ evaluationId: data._id, evaluation: entry.evaluation, outbox });
  const client = useApolloClient();
  const [settling, setSettling] = useState(false);
  const reloadNewest = async () => {
    setSettling(true);
    await outbox.dropAll();
    setSettling(false);
    onReload();
  };
  const keepMine = async () => {
    setSettling(true);
    try {
      const newest = await client.query({
        query: EVALUATION,
        variables: { id: data._id },
        fetchPolicy: 'no-cache',
      });
      outbox.keepMine(newest.data.evaluation?.version ?? 0);
    } catch (err) {
      notifyError(err);
    } finally {
      setSettling(false);
    }
  };
  const [submitEvaluation] = useMutation(SUBMIT_EVALUATION);
  const [submitting, setSubmitting] = useState(false);
  const sectionTop = useRef<HTMLDivElement>(null);

  const evaluation = entry.evaluation;
  const sections = form.sections;
  const currentId = evaluation?.metadata.currentSectionId ?? sections[0]?.localId ?? null;
  const index = Math.max(
    0,
    sections.findIndex((s) => s.localId === currentId),
  );

  // A new section starts at its top (on a phone the buttons are far below it).
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    const top = sectionTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ behavior: 'smooth' });
  }, [index]);

  if (!evaluation) return null;
  const section = sections[index];
  const completion = shopperCompletion(evaluation.status.completion, data.status);
  const ready = completion.description === 'Ready to Submit';
  const progress = sectionProgress(evaluation, showAll);
  const externalComment = stored.document.metadata.externalComment?.trim();
  const comments = stored.document.proofingComments;

  const onAnswer = (elementId: string, value: unknown) => {
    setServerErrors(({ [elementId]: _, ...rest }) => rest);
    entry.answer(elementId, value);
  };
  // A photo or recording goes into the evaluation's folder; the answer holds the URL the server derived
  // from its key (the server stores the key and refuses any other address).
  // Offline (or when the upload cannot reach the server), the photo waits on the phone (IndexedDB)
  // and the outbox uploads it before the save that names it. Either way it keeps the time it was taken.
  const uploadEvaluationFile = async (file: File) => {
    if (!navigator.onLine) return keepPhotoOffline(data._id, file);
    try {
      const { publicUrl } = await uploadFile({
        folder: `evaluations/${data._id}`,
        file,
        onProgress: () => {},
      });
      rememberTakenAt(publicUrl, file);
      return publicUrl;
    } catch (err) {
      if (err instanceof UploadError && !navigator.onLine) return keepPhotoOffline(data._id, file);
      throw err;
    }
  };

  const showMissing = () => {
    setShowAll(true);
    const first = sectionProgress(evaluation, true).find((p) => p.alert || !p.complete);
    if (first) entry.goToSection(first.section.localId);
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      if (!(await autosave.flush())) return;
      await submitEvaluation({ variables: { id: data._id } });
      notifySuccess('Thank you! Your evaluation was submitted for review.');
      onSubmitted();
    } catch (err) {
      setServerErrors(elementErrors(err));
      setShowAll(true);
      notifyError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const outboxState = autosave.outboxState;
  return (
    <Stack gap="md">
      <OfflineBanner
        state={outboxState}
        waiting={outboxState.waiting + (autosave.state !== 'saved' && outboxState.waiting === 0 ? 1 : 0)}
        onReloadNewest={() => void reloadNewest()}
        onKeepMine={() => void keepMine()}
        busy={settling}
      />
      <EvaluationHeader
        programName={data.programName}
        locationName={data.locationName}
        address={data.address}
        dueDate={data.dueDate}
        status={data.status}
        aside={<SaveIndicator state={autosave.state} onRetry={() => outbox.retry()} />}
      />
      <VisitProofCard proof={data} />
      {externalComment && (
        <Alert color="red" variant="light" title="Corrections needed" data-testid="reviewer-note">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {externalComment}
          </Text>
          {Object.keys(comments).length > 0 && (
            <Text size="xs" mt={6} c="dimmed">
              The reviewer also left comments on some questions; they are shown beside them.
            </Text>
          )}
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap="md">
            <CompletionSummaryView completion={completion} />
            <SectionPicker
              items={progress}
              activeId={section?.localId ?? null}
              onSelect={entry.goToSection}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            {section && (
              <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid="evaluation-section">
                <Stack gap="lg">
                  <div ref={sectionTop} style={{ scrollMarginTop: 12 }}>
                    <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                      Section {index + 1} of {sections.length}
                    </Text>
                    <Title order={2} size="h3">
                      {section.name || 'Untitled section'}
                    </Title>
                  </div>
                  <EvaluationSection
                    evaluation={evaluation}
                    sectionId={section.localId}
                    onAnswer={onAnswer}
                    refused={{ ...serverErrors, ...entry.refused }}
                    uploadFile={uploadEvaluationFile}
                    onUploadError={notifyError}
                    showAllMessages={showAll}
                    renderBelow={(element) =>
                      comments[element.localId] ? <ProofingNote comment={comments[element.localId]!} /> : null
                    }
                  />
                  <SectionPager
                    index={index}
                    count={sections.length}
                    onPrevious={entry.previous}
                    onNext={entry.next}
                  />
                </Stack>
              </Paper>
            )}
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <CheckOutReminder proof={data} />
                <Button
                  size="md"
                  leftSection={<IconSend size={18} />}
                  disabled={!ready}
                  loading={submitting}
                  onClick={() => void submit()}
                  fullWidth
                >
                  Submit
                </Button>
                {!ready && (
                  <Group justify="center" gap={6}>
                    <Text size="sm" c="dimmed">
                      Submit opens once every required question is answered.
                    </Text>
                    <Button variant="subtle" size="compact-sm" onClick={showMissing}>
                      Show what is missing
                    </Button>
                  </Group>
                )}
                <Group justify="center">
                  <GiveBackButton evaluationId={data._id} beforeRelease={() => void autosave.discard()} />
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
