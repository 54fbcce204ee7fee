import { Alert, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Evaluation, EvaluationStatus } from '../../evaluation';
import { EvaluationSection } from '../evaluation';
import classes from './read-only.module.css';

const S = EvaluationStatus;

const STATUS_NOTE: Partial<Record<number, [color: string, text: string]>> = {
  [S.Submitted]: ['grape', 'Submitted for review. We will let you know if anything needs correcting.'],
  [S.Reviewing]: ['cyan', 'Our quality-assurance team is reviewing this evaluation.'],
  [S.Approved]: ['green', 'Approved. Thank you for your work!'],
  [S.ShopperCancelled]: ['gray', 'You gave back this visit.'],
  [S.ClientCancelled]: ['gray', 'The client cancelled this visit.'],
  [S.Expired]: ['gray', 'This visit expired before it was submitted.'],
};

const noop = () => {};

/** Every section of an evaluation, read-only (the engine's Preview: nothing is editable). */
export function ReadOnlySections({
  evaluation,
  renderBelow,
}: {
  evaluation: Evaluation;
  renderBelow?: Parameters<typeof EvaluationSection>[0]['renderBelow'];
}) {
  return (
    <Stack gap="md" className={classes.readable}>
      {evaluation.form.sections.map((section, i) => (
        <Paper
          key={section.localId}
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          radius="md"
          data-testid="read-only-section"
        >
          <Stack gap="md">
            <Title order={2} size="h4">
              {i + 1}. {section.name || 'Untitled section'}
            </Title>
            <EvaluationSection
              evaluation={evaluation}
              sectionId={section.localId}
              onAnswer={noop}
              {...(renderBelow ? { renderBelow } : {})}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A submitted, approved or ended evaluation as its shopper sees it: the answers, read-only. */
export function EvaluationReadOnly({
  header,
  status,
  evaluation,
}: {
  header: ReactNode;
  status: number;
  evaluation: Evaluation;
}) {
  const note = STATUS_NOTE[status];
  return (
    <Stack gap="md">
      {header}
      {note && (
        <Alert color={note[0]} variant="light" data-testid="status-note">
          {note[1]}
        </Alert>
      )}
      <ReadOnlySections evaluation={evaluation} />
    </Stack>
  );
}
