import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Tabs,
  Text,
  Textarea,
  Timeline,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateUs } from '../../domain';
import { EvaluationStatus, type Report } from '../../evaluation';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { ReportView } from '../evaluation';
import { CommentBox } from './comment-box';
import { EvaluationHeader } from './evaluation-header';
import { ReadOnlySections } from './evaluation-read-only';
import {
  APPROVE_EVALUATION,
  QA_EVALUATION,
  REJECT_EVALUATION,
  SET_PROOFING_COMMENT,
  START_REVIEW,
} from './evaluator-documents';
import { QaVisitProof } from './qa-visit-proof';
import { RejectModal } from './reject-modal';
import { contextOf, readStored, rebuildEvaluation, takenLabel } from './stored-evaluation';

const S = EvaluationStatus;

function BackToQueue() {
  return (
    <Anchor component={Link} to="/evaluator/qa" size="sm">
      ← Back to the QA queue
    </Anchor>
  );
}

/**
 * /evaluator/qa/:id: a reviewer opens a submitted evaluation (which starts the review), reads every
 * answer and the scored report, comments on questions, and rejects it with a note or approves it.
 */
export function QaReviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(QA_EVALUATION, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const [startReview] = useMutation(START_REVIEW);
  const [setComment] = useMutation(SET_PROOFING_COMMENT);
  const [rejectEvaluation] = useMutation(REJECT_EVALUATION);
  const [approveEvaluation, { loading: approving }] = useMutation(APPROVE_EVALUATION);
  const [rejecting, setRejecting] = useState(false);
  const [grade, setGrade] = useState<number | string>('');
  const [gradeReason, setGradeReason] = useState('');
  const [gradeErrors, setGradeErrors] = useState<Record<string, string>>({});
  const evaluation = data?.evaluation;
  usePageTitle(evaluation ? `Review: ${evaluation.programName}` : 'Review');

  // Opening a submitted evaluation takes it for review (once).
  const status = evaluation?.status;
  const reviewStarted = useRef(false);
  useEffect(() => {
    if (status !== S.Submitted || reviewStarted.current) return;
    reviewStarted.current = true;
    startReview({ variables: { id } }).catch(notifyError);
  }, [status, id, startReview]);

  const form = evaluation?.form;
  const doc = evaluation?.document;
  const stored = useMemo(
    () => (form === undefined ? null : readStored({ form, document: doc })),
    [form, doc],
  );

  if (loading && !data) return <PageLoader />;
  if (error || !evaluation || !stored || stored instanceof Error) {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" title="This evaluation cannot be reviewed">
          {error
            ? errorMessage(error)
            : stored instanceof Error
              ? stored.message
              : 'There is no evaluation with this id.'}
        </Alert>
        <BackToQueue />
      </Stack>
    );
  }

  // Another proofer holds the review: read only, with a takeover the server allows after 30 minutes.
  const heldByOther =
    evaluation.status === S.Reviewing && !evaluation.reviewedByMe && !!evaluation.reviewerName;
  const reviewing = evaluation.status === S.Reviewing && !heldByOther;
  const takeOver = () => startReview({ variables: { id } }).catch(notifyError);
  const engine = rebuildEvaluation(stored, contextOf(evaluation, stored.document, { readOnly: true }));
  const report = evaluation.report as Report | null;

  const saveComment = async (elementId: string, comment: string) => {
    try {
      await setComment({ variables: { id, elementId, comment } });
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  };
  const reject = async (comment: string) => {
    try {
      await rejectEvaluation({ variables: { id, comment } });
      notifySuccess('Evaluation rejected. The shopper has been asked to correct it.');
      navigate('/evaluator/qa');
    } catch (err) {
      notifyError(err);
    }
  };
  const approve = async () => {
    try {
      setGradeErrors({});
      const graded = grade !== '';
      await approveEvaluation({
        variables: {
          id,
          grade: graded ? Number(grade) : null,
          gradeReason: graded || gradeReason.trim() ? gradeReason : null,
        },
      });
      notifySuccess('Evaluation approved. The report is on its way to the customer.');
      navigate('/evaluator/qa');
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.grade || fields.gradeReason) setGradeErrors(fields);
      else notifyError(err);
    }
  };

  return (
    <Stack gap="md">
      <BackToQueue />
      <EvaluationHeader
        programName={evaluation.programName}
        locationName={evaluation.locationName}
        address={evaluation.address}
        submittedAt={evaluation.submittedAt}
        status={evaluation.status}
      />
      {heldByOther && (
        <Alert color="yellow" variant="light" title={`Reviewing: ${evaluation.reviewerName}`} role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Another proofer is reviewing this evaluation. A review left for 30 minutes may be taken over.
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => void takeOver()}>
              Take over the review
            </Button>
          </Stack>
        </Alert>
      )}
      <QaVisitProof proof={evaluation} />
      <Paper withBorder radius="md" p="md">
        {reviewing ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Leave a comment on any question the shopper should correct; comments save as you leave the box.
            </Text>
            <Group grow align="flex-start" wrap="wrap" data-testid="qa-grade">
              <NumberInput
                label="Grade the shopper's work (1-10)"
                description="Counts towards the shopper's rating; customers never see it."
                min={1}
                max={10}
                allowDecimal={false}
                value={grade}
                onChange={setGrade}
                error={gradeErrors.grade}
              />
              <Textarea
                label="Why this grade"
                autosize
                minRows={1}
                value={gradeReason}
                onChange={(e) => setGradeReason(e.currentTarget.value)}
                error={gradeErrors.gradeReason}
              />
            </Group>
            <Group grow>
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} />}
                onClick={() => setRejecting(true)}
              >
                Reject
              </Button>
              <Button
                color="green"
                leftSection={<IconCheck size={16} />}
                loading={approving}
                onClick={() => void approve()}
              >
                Approve
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {evaluation.status === S.Submitted
              ? 'Starting the review…'
              : heldByOther
                ? 'You can read this evaluation; only its reviewer can comment, reject or approve it.'
                : `This evaluation is ${evaluation.statusName}; there is nothing to review.`}
          </Text>
        )}
      </Paper>
      <Tabs defaultValue="answers" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="answers">Answers</Tabs.Tab>
          <Tabs.Tab value="report">Scored report</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="answers" pt="md">
          <ReadOnlySections
            evaluation={engine}
            renderBelow={(element) =>
              element.typeId === 'remark' ? null : (
                <>
                  {stored.document.photoTakenAt[element.localId] && (
                    <Text size="xs" c="dimmed" data-testid="photo-taken">
                      {takenLabel(stored.document.photoTakenAt[element.localId]!)}
                    </Text>
                  )}
                  <CommentBox
                    elementId={element.localId}
                    initial={stored.document.proofingComments[element.localId] ?? ''}
                    disabled={!reviewing}
                    onSave={saveComment}
                  />
                </>
              )
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="report" pt="md">
          {report ? <ReportView report={report} /> : <Text c="dimmed">No report.</Text>}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <Timeline active={evaluation.events.length - 1} bulletSize={14} lineWidth={2}>
            {evaluation.events.map((e) => (
              <Timeline.Item key={`${e.createdAt}-${e.toStatusName}`} title={e.toStatusName}>
                <Text size="xs" c="dimmed">
                  {formatDateUs(e.createdAt)}
                </Text>
                {e.comment && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {e.comment}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        </Tabs.Panel>
      </Tabs>
      <RejectModal opened={rejecting} onClose={() => setRejecting(false)} onReject={reject} />
    </Stack>
  );
}
