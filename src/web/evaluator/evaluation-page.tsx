import '../app/full-styles';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { isShopperEditable } from '../../evaluation';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { EvaluationEditor } from './evaluation-editor';
import { EvaluationHeader } from './evaluation-header';
import { EvaluationReadOnly } from './evaluation-read-only';
import { useEvaluationWithOutbox } from './offline/use-evaluation-with-outbox';
import { contextOf, readStored, rebuildEvaluation } from './stored-evaluation';

function Problem({ children }: { children: React.ReactNode }) {
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert" title="This evaluation cannot be opened">
        {children}
      </Alert>
      <Anchor component={Link} to="/evaluator/evaluations">
        Back to My Evaluations
      </Anchor>
    </Stack>
  );
}

/** /evaluator/evaluations/:id: fill in an evaluation (online or offline), or read a submitted one. */
export function EvaluationPage() {
  const { id = '' } = useParams();
  // The server's latest when online, else the copy on this phone; with the waiting saves over it.
  const { loaded, reload } = useEvaluationWithOutbox(id);
  const evaluation = loaded.kind === 'ready' ? loaded.evaluation : null;
  usePageTitle(evaluation?.programName ?? 'Evaluation');
  const form = evaluation?.form;
  const doc = evaluation?.document;
  const stored = useMemo(
    () => (form === undefined ? null : readStored({ form, document: doc })),
    [form, doc],
  );

  if (loaded.kind === 'loading') return <PageLoader />;
  if (loaded.kind === 'error') return <Problem>{errorMessage(loaded.error)}</Problem>;
  if (loaded.kind === 'offline-unknown') {
    return (
      <Problem>
        You are offline and this evaluation was not opened on this phone before. Open it once with a
        connection to take it offline.
      </Problem>
    );
  }
  if (!evaluation || !stored) return <Problem>There is no evaluation with this id.</Problem>;
  if (stored instanceof Error) return <Problem>{stored.message}</Problem>;

  if (
    isShopperEditable(evaluation.status) &&
    evaluation.viewerRole === 'shopper' &&
    loaded.kind === 'ready' &&
    loaded.outbox
  ) {
    return (
      <EvaluationEditor
        key={`${evaluation._id}-${evaluation.version}`}
        data={evaluation}
        stored={stored}
        outbox={loaded.outbox}
        onSubmitted={reload}
        onReload={reload}
      />
    );
  }
  return (
    <EvaluationReadOnly
      status={evaluation.status}
      evaluation={rebuildEvaluation(stored, contextOf(evaluation, stored.document, { readOnly: true }))}
      header={
        <EvaluationHeader
          programName={evaluation.programName}
          locationName={evaluation.locationName}
          address={evaluation.address}
          dueDate={evaluation.dueDate}
          submittedAt={evaluation.submittedAt}
          status={evaluation.status}
        />
      }
    />
  );
}
