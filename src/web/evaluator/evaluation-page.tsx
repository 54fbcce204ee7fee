import '../app/full-styles';
import { useQuery } from '@apollo/client';
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
import { EVALUATION } from './evaluator-documents';
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

/** /evaluator/evaluations/:id: fill in an evaluation, or read a submitted one. */
export function EvaluationPage() {
  const { id = '' } = useParams();
  // Always the server's latest: the page keeps its own copy of the answers while it is open.
  const { data, loading, error, refetch } = useQuery(EVALUATION, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const evaluation = data?.evaluation;
  usePageTitle(evaluation?.programName ?? 'Evaluation');
  const form = evaluation?.form;
  const doc = evaluation?.document;
  const stored = useMemo(
    () => (form === undefined ? null : readStored({ form, document: doc })),
    [form, doc],
  );

  if (loading && !data) return <PageLoader />;
  if (error) return <Problem>{errorMessage(error)}</Problem>;
  if (!evaluation || !stored) return <Problem>There is no evaluation with this id.</Problem>;
  if (stored instanceof Error) return <Problem>{stored.message}</Problem>;

  if (isShopperEditable(evaluation.status) && evaluation.viewerRole === 'shopper') {
    return (
      <EvaluationEditor
        key={evaluation._id}
        data={evaluation}
        stored={stored}
        onSubmitted={() => void refetch()}
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
