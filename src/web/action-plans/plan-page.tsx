import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Blockquote,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconExternalLink, IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  FOLLOW_UPS,
  type FollowUp,
  formatCalendarDate,
  formatDateTimeUs,
  formatDateUs,
  MSG_RETURN_NOTE_REQUIRED,
} from '../../domain';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import type { ActionPlanQuery } from '../gql/graphql';
import { UploadError, uploadFile } from '../order/upload-file';
import { BackLink } from '../reports/report-parts';
import {
  ACTION_PLAN,
  RESOLVE_ACTION_PLAN,
  RETURN_ACTION_PLAN,
  SAVE_ACTION_PLAN,
  SUBMIT_ACTION_PLAN,
} from './action-plan-documents';
import { FollowUpBadge, StateBadge } from './plan-badges';
import {
  draftsOf,
  EVENT_TITLES,
  type ItemDraft,
  type ItemErrors,
  itemErrorsOf,
  itemsInput,
  MSG_LINK_NOT_VALID,
  MSG_PLAN_RESOLVED,
  MSG_PLAN_RETURNED,
  MSG_PLAN_SAVED,
  MSG_PLAN_SUBMITTED,
  missingItems,
  planPercent,
} from './plan-rules';

type Plan = NonNullable<ActionPlanQuery['actionPlan']>;
type Item = Plan['items'][number];

/** A change answers the plan's state; the page then reads the plan again, with its history. */
const REFETCH = { refetchQueries: ['ActionPlan'], awaitRefetchQueries: true };

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** The plan's shop: program, location, dates, scores and the shop report's link. */
function PlanFacts({ plan }: { plan: Plan }) {
  const reportLink = (id: string, text: string) =>
    !plan.viaLink && (
      <Anchor component={Link} to={`/account/reports/shop/${id}`} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          {text}
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    );
  return (
    <Paper withBorder p="md" component="section" aria-label="The shop">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
          <Fact label="Program">{plan.programName}</Fact>
          <Fact label="Location">
            {plan.locationName || 'Location removed'}
            {plan.regionName && (
              <Text size="xs" c="dimmed">
                {plan.regionName}
              </Text>
            )}
          </Fact>
          <Fact label="Shop date">{formatCalendarDate(plan.shopDate)}</Fact>
          <Fact label="Score" testId="plan-score">
            {planPercent(plan.percentage)}
          </Fact>
          <Fact label="Next visit" testId="plan-follow-up-score">
            {plan.followUpPercentage == null ? (
              <Text span size="sm" c="dimmed">
                Not yet shopped
              </Text>
            ) : (
              planPercent(plan.followUpPercentage)
            )}
          </Fact>
          <Fact label="Due date">
            <Text span size="sm" fw={500} c={plan.displayState === 'overdue' ? 'red' : undefined}>
              {formatDateUs(plan.dueDate)}
            </Text>
          </Fact>
        </SimpleGrid>
        {!plan.viaLink && (
          <Group gap="lg">
            {reportLink(plan.evaluationId, 'View the shop report')}
            {plan.followUpEvaluationId &&
              reportLink(plan.followUpEvaluationId, "View the next visit's report")}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Once the next visit is approved: how many planned questions are fixed, still failing or not asked. */
function FollowUpSummary({ plan }: { plan: Plan }) {
  if (plan.followUpPercentage == null) return null;
  const count = (f: FollowUp) => plan.items.filter((i) => i.followUp === f).length;
  const labels = Object.fromEntries(plan.items.map((i) => [i.followUp, i.followUpLabel]));
  return (
    <Alert color="blue" title="The next visit has been approved" data-testid="follow-up-summary">
      <Text size="sm">
        It scored {planPercent(plan.followUpPercentage)}, against {planPercent(plan.percentage)} on this
        plan's shop.{' '}
        {FOLLOW_UPS.filter((f) => count(f) > 0)
          .map((f) => `${labels[f]}: ${count(f)}`)
          .join(' · ')}
      </Text>
    </Alert>
  );
}

/** One failed question: what the shopper saw, and the location's answer (inputs while it may be edited). */
function PlanItem({
  item,
  index,
  draft,
  errors,
  onChange,
  folder,
  planKey,
}: {
  item: Item;
  index: number;
  draft: ItemDraft | null;
  errors: ItemErrors[number] | undefined;
  onChange: (d: ItemDraft) => void;
  /** The plan's upload folder (actionPlans/{id}). */
  folder: string;
  planKey: string | null;
}) {
  const titleId = `plan-item-${index}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="plan-item">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2}>
            {item.sectionHeader && (
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {item.sectionHeader}
              </Text>
            )}
            <Title order={3} size="h5" id={titleId}>
              {index + 1}. {item.prompt}
            </Title>
          </Stack>
          <FollowUpBadge followUp={item.followUp} label={item.followUpLabel} />
        </Group>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Shopper's answer:{' '}
          </Text>
          <Text span fw={600} size="sm">
            {item.answer || '—'}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            ({item.score} of {item.possibleScore} points)
          </Text>
        </Text>
        {!draft && item.photoUrl && (
          <EvidencePhoto url={item.photoUrl} name={item.photoName ?? item.prompt} />
        )}
        {draft ? (
          <>
            <EvidenceField item={item} draft={draft} onChange={onChange} folder={folder} planKey={planKey} />
            <Textarea
              label="Action"
              withAsterisk
              description="What will be done so this question passes next time."
              autosize
              minRows={2}
              maxRows={8}
              maxLength={2000}
              value={draft.action}
              onChange={(e) => onChange({ ...draft, action: e.currentTarget.value })}
              error={errors?.action}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="Responsible person"
                withAsterisk
                maxLength={200}
                value={draft.responsible}
                onChange={(e) => onChange({ ...draft, responsible: e.currentTarget.value })}
                error={errors?.responsible}
              />
              <DatePickerInput
                label="Due date"
                withAsterisk
                valueFormat="MM/DD/YYYY"
                placeholder="MM/DD/YYYY"
                leftSection={<IconCalendar size={16} aria-hidden />}
                value={draft.dueDate}
                onChange={(v) => onChange({ ...draft, dueDate: v })}
                error={errors?.dueDate}
                popoverProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          </>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Fact label="Action">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.action || '—'}
              </Text>
            </Fact>
            <Fact label="Responsible person">{item.responsible || '—'}</Fact>
            <Fact label="Due date">{formatDateUs(item.dueDate) || '—'}</Fact>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function EvidencePhoto({ url, name }: { url: string; name: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm" w="fit-content">
      <Image src={url} alt={`Photo evidence: ${name}`} h={96} w="auto" fit="contain" radius="sm" />
    </Anchor>
  );
}

/** Photo evidence while the plan may be edited: add, replace or remove it (kept when the plan is saved). */
function EvidenceField({
  item,
  draft,
  onChange,
  folder,
  planKey,
}: {
  item: Item;
  draft: ItemDraft;
  onChange: (d: ItemDraft) => void;
  folder: string;
  planKey: string | null;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown =
    draft.photo === undefined
      ? item.photoUrl
        ? { url: item.photoUrl, name: item.photoName ?? item.prompt }
        : null
      : draft.photo;
  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const up = await uploadFile({
        folder,
        file,
        onProgress: setProgress,
        ...(planKey ? { query: { key: planKey } } : {}),
      });
      onChange({ ...draft, photo: { key: up.fileKey, url: up.publicUrl, name: up.fileName } });
    } catch (e) {
      setError(e instanceof UploadError ? e.message : 'The photo could not be uploaded. Please try again.');
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Photo evidence{' '}
        <Text span size="sm" c="dimmed">
          (optional)
        </Text>
      </Text>
      {shown && <EvidencePhoto url={shown.url} name={shown.name} />}
      <Group gap="xs">
        <FileButton onChange={upload} accept="image/png,image/jpeg,image/gif,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhoto size={14} aria-hidden />}
              loading={progress !== null}
            >
              {shown ? 'Replace photo' : 'Add photo'}
            </Button>
          )}
        </FileButton>
        {shown && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange({ ...draft, photo: null })}>
            Remove photo
          </Button>
        )}
      </Group>
      {progress !== null && <Progress value={progress * 100} size="sm" aria-label="Uploading the photo" />}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The plan's history, oldest first: who did what, when, and their note. */
function History({ events }: { events: Plan['events'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="plan-history">
      <Stack gap="md">
        <Title order={2} size="h4" id="plan-history">
          History
        </Title>
        <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} data-testid="plan-history">
          {events.map((e) => (
            <Timeline.Item key={`${e.at}-${e.kind}-${e.actor}`} title={EVENT_TITLES[e.kind] ?? e.kind}>
              <Text size="xs" c="dimmed">
                {e.actor} · {formatDateTimeUs(e.at)} UTC
              </Text>
              {e.note && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {e.note}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}

/** Return (a note is required) or Resolve (a note is optional), in a dialog. */
function ReviewModal({
  plan,
  kind,
  onClose,
}: {
  plan: Plan;
  kind: 'return' | 'resolve' | null;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [returnPlan, returning] = useMutation(RETURN_ACTION_PLAN, REFETCH);
  const [resolvePlan, resolving] = useMutation(RESOLVE_ACTION_PLAN, REFETCH);
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    if (kind === 'return' && !note.trim()) {
      setError(MSG_RETURN_NOTE_REQUIRED);
      return;
    }
    try {
      if (kind === 'return') {
        await returnPlan({ variables: { _id: plan._id, note } });
        notifySuccess(MSG_PLAN_RETURNED);
      } else {
        await resolvePlan({ variables: { _id: plan._id, note: note || null } });
        notifySuccess(MSG_PLAN_RESOLVED);
      }
      close();
    } catch (err) {
      setError(fieldErrors(err).note ?? errorMessage(err));
    }
  };
  const returning_ = kind === 'return';
  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={returning_ ? 'Return this action plan' : 'Resolve this action plan'}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {returning_
            ? "The location's people get your note by e-mail and can change the plan and submit it again."
            : 'The plan is done: its actions are accepted. The next approved visit shows which questions are fixed.'}
        </Text>
        <Textarea
          label={returning_ ? 'Note' : 'Note (optional)'}
          description={returning_ ? 'Say what more is needed.' : undefined}
          autosize
          minRows={3}
          maxLength={2000}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color={returning_ ? 'orange' : 'green'}
            loading={returning.loading || resolving.loading}
            onClick={submit}
          >
            {returning_ ? 'Return Plan' : 'Resolve Plan'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The answers being edited, Save and Submit for review. */
function PlanForm({ plan, planKey }: { plan: Plan; planKey: string | null }) {
  const [drafts, setDrafts] = useState(() => draftsOf(plan.items));
  const [errors, setErrors] = useState<ItemErrors>({});
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [save] = useMutation(SAVE_ACTION_PLAN, REFETCH);
  const [submit] = useMutation(SUBMIT_ACTION_PLAN, REFETCH);
  const run = async (what: 'save' | 'submit') => {
    setOther([]);
    if (what === 'submit') {
      const missing = missingItems(drafts);
      setErrors(missing);
      if (Object.keys(missing).length) {
        setOther(['Please fill in every question before submitting.']);
        return;
      }
    } else setErrors({});
    setBusy(what);
    const variables = { _id: plan._id, key: planKey, items: itemsInput(drafts) };
    try {
      if (what === 'save') {
        await save({ variables });
        notifySuccess(MSG_PLAN_SAVED);
      } else {
        await submit({ variables });
        notifySuccess(MSG_PLAN_SUBMITTED);
      }
    } catch (err) {
      const mapped = itemErrorsOf(fieldErrors(err));
      setErrors(mapped.items);
      const messages = mapped.other.length
        ? mapped.other
        : Object.keys(mapped.items).length
          ? []
          : [errorMessage(err)];
      setOther(messages);
      if (!messages.length) notifyError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="md">
      {plan.items.map((item, i) => (
        <PlanItem
          key={item.elementId}
          item={item}
          index={i}
          draft={drafts[i] ?? null}
          errors={errors[i]}
          folder={`actionPlans/${plan._id}`}
          planKey={planKey}
          onChange={(d) => {
            setDrafts(drafts.map((x, j) => (j === i ? d : x)));
            // A field's message goes once it is changed.
            const was = drafts[i];
            const left = { ...errors[i] };
            for (const f of ['action', 'responsible', 'dueDate'] as const)
              if (was?.[f] !== d[f]) delete left[f];
            setErrors({ ...errors, [i]: left });
          }}
        />
      ))}
      {other.length > 0 && (
        <Alert color="red" data-testid="plan-error">
          {other.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => run('save')}
          loading={busy === 'save'}
          disabled={busy !== null}
        >
          Save
        </Button>
        <Button onClick={() => run('submit')} loading={busy === 'submit'} disabled={busy !== null}>
          Submit for review
        </Button>
      </Group>
    </Stack>
  );
}

/** The last note the plan was returned with, while it waits on the location again. */
function ReturnedNote({ plan }: { plan: Plan }) {
  if (plan.state !== 'returned') return null;
  const last = [...plan.events].reverse().find((e) => e.kind === 'returned');
  if (!last) return null;
  return (
    <Alert color="orange" title="Returned for more work" data-testid="returned-note">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {last.note}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {last.actor} · {formatDateTimeUs(last.at)} UTC
      </Text>
    </Alert>
  );
}

function PlanView({ plan, planKey }: { plan: Plan; planKey: string | null }) {
  const [review, setReview] = useState<'return' | 'resolve' | null>(null);
  return (
    <Stack gap="lg">
      <PlanFacts plan={plan} />
      <FollowUpSummary plan={plan} />
      <ReturnedNote plan={plan} />
      {plan.shopperComment && (
        <Paper withBorder p="md" component="section" aria-labelledby="plan-comments">
          <Title order={2} size="h4" id="plan-comments" mb="xs">
            Shopper's Comments
          </Title>
          <Blockquote p="sm" color="gray" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {plan.shopperComment}
          </Blockquote>
        </Paper>
      )}
      <Stack gap="sm" component="section" aria-labelledby="plan-questions">
        <Title order={2} size="h4" id="plan-questions">
          Failed Questions
        </Title>
        {plan.mayEdit ? (
          <PlanForm key={`${plan._id}-${plan.state}`} plan={plan} planKey={planKey} />
        ) : (
          plan.items.map((item, i) => (
            <PlanItem
              key={item.elementId}
              item={item}
              index={i}
              draft={null}
              errors={undefined}
              onChange={() => {}}
              folder={`actionPlans/${plan._id}`}
              planKey={planKey}
            />
          ))
        )}
      </Stack>
      {plan.mayReview && (
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="plan-review"
          bg="var(--mantine-color-blue-light)"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="plan-review">
              Review
            </Title>
            <Text size="sm">
              The location has submitted this plan. Return it with a note saying what more is needed, or
              resolve it.
            </Text>
            <Group gap="sm">
              <Button color="orange" variant="light" onClick={() => setReview('return')}>
                Return
              </Button>
              <Button color="green" onClick={() => setReview('resolve')}>
                Resolve
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <History events={plan.events} />
      <ReviewModal plan={plan} kind={review} onClose={() => setReview(null)} />
    </Stack>
  );
}

/** The plan page for both routes: the account's (logged in) and a report address's (`key`). */
function ActionPlanScreen({ planKey }: { planKey: string | null }) {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(ACTION_PLAN, { variables: { _id: id, key: planKey } });
  const plan = data?.actionPlan;
  const back = !planKey && <BackLink to="/account/action-plans">Back to Action Plans</BackLink>;
  if (!plan) {
    return (
      <Page title="Action Plan">
        {back}
        {loading ? (
          <PageLoader />
        ) : (
          <Alert color="red" data-testid="plan-load-error">
            {planKey !== null &&
            error?.graphQLErrors.some((g) =>
              ['NOT_FOUND', 'UNAUTHENTICATED'].includes(String(g.extensions?.code)),
            )
              ? MSG_LINK_NOT_VALID
              : errorMessage(error)}
          </Alert>
        )}
      </Page>
    );
  }
  return (
    <Page
      title={`Action Plan: ${plan.locationName}`}
      heading={
        <Group gap="sm" align="center">
          <span>Action Plan</span>
          <StateBadge state={plan.displayState} label={plan.stateLabel} size="lg" />
        </Group>
      }
    >
      <Stack gap={4} mt={-12}>
        <Text c="dimmed">
          {plan.programName} at {plan.locationName || 'a removed location'}
        </Text>
        {back}
      </Stack>
      <PlanView plan={plan} planKey={planKey} />
    </Page>
  );
}

/** /account/action-plans/:id (the link of the plan's e-mails to the account's people). */
export function ActionPlanPage() {
  return <ActionPlanScreen planKey={null} />;
}

/** /action-plans/:id?key=… (a location's report address, without a login): that plan only. */
export function PublicActionPlanPage() {
  const [search] = useSearchParams();
  return <ActionPlanScreen planKey={search.get('key') ?? ''} />;
}
