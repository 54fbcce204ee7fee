import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { type EvaluationContext, type Form, parseForm } from '../../evaluation';
import { errorMessage, fieldErrors, notifyError } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { CompletionSummaryView, EvaluationSection, useEvaluationEntry } from '../evaluation';
import { SUBMIT_SURVEY_RESPONSE, SURVEY } from './survey-documents';
import { MSG_SURVEY_NOT_FOUND } from './survey-link';
import { numberVisibleQuestions } from './visible-numbering';

/** The error code the server gave a failed call ('CONFLICT', 'RATE_LIMITED'...). */
function errorCode(err: unknown): string | undefined {
  const gql = (err as { graphQLErrors?: { extensions?: { code?: unknown } }[] })?.graphQLErrors;
  const code = gql?.[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Inbound parameters are filled in from a link by the system, never by a respondent, and the server
 * records none for a public survey: the respondent does not see them.
 */
const withoutInbound = (form: Form): Form => ({
  ...form,
  sections: form.sections.map((s) => ({
    ...s,
    elements: s.elements.filter((e) => e.typeId !== 'inboundparameter'),
  })),
});

function Message(props: { title: string; children: React.ReactNode; success?: boolean }) {
  usePageTitle(props.title);
  return (
    <Container size="sm" py="xl" px="sm">
      <Paper withBorder radius="md" p="xl" ta="center" data-testid="survey-message">
        <Stack gap="sm" align="center">
          {props.success && (
            <ThemeIcon size={56} radius="xl" color="green" variant="light">
              <IconCircleCheck size={34} />
            </ThemeIcon>
          )}
          <Title order={1} size="h2">
            {props.title}
          </Title>
          <Text c="dimmed">{props.children}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}

type Survey = { surveyCode: string; programName: string; locationName: string; address: string };

function SurveyForm({ survey, form }: { survey: Survey; form: Form }) {
  usePageTitle(survey.programName);
  const context = useMemo<EvaluationContext>(
    () => ({
      isSurvey: true,
      user: { role: 'shopper' },
      location: { name: survey.locationName, address: survey.address },
    }),
    [survey.locationName, survey.address],
  );
  const entry = useEvaluationEntry(form, context);
  const [submitResponse, { loading }] = useMutation(SUBMIT_SURVEY_RESPONSE);
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<'thanks' | 'answered' | 'ended' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answeredMessage, setAnsweredMessage] = useState('');
  const evaluation = useMemo(
    () => (entry.evaluation ? numberVisibleQuestions(entry.evaluation) : null),
    [entry.evaluation],
  );

  if (outcome === 'thanks') {
    return (
      <Message title="Thank you for your feedback!" success>
        Your answers help {survey.locationName} serve you better.
      </Message>
    );
  }
  if (outcome === 'answered') return <Message title="Thank you!">{answeredMessage}</Message>;
  if (outcome === 'ended') return <Message title="Survey not available">{MSG_SURVEY_NOT_FOUND}</Message>;
  if (!evaluation) return null;
  const ready = evaluation.status.completion.description === 'Ready to Submit';

  const onAnswer = (elementId: string, value: unknown) => {
    setServerErrors(({ [elementId]: _, ...rest }) => rest);
    setProblem(null);
    entry.answer(elementId, value);
  };
  const submit = async () => {
    setProblem(null);
    setShowAll(true);
    if (!ready) {
      setProblem('Please answer the highlighted questions.');
      return;
    }
    try {
      await submitResponse({ variables: { code: survey.surveyCode, answers: evaluation.answers } });
      window.scrollTo(0, 0);
      setOutcome('thanks');
    } catch (err) {
      const code = errorCode(err);
      if (code === 'CONFLICT') {
        setAnsweredMessage(errorMessage(err));
        setOutcome('answered');
      } else if (code === 'NOT_FOUND') setOutcome('ended');
      else if (code === 'RATE_LIMITED' || code === 'BAD_USER_INPUT') {
        setProblem(errorMessage(err));
        setServerErrors(
          Object.fromEntries(
            Object.entries(fieldErrors(err))
              .filter(([f]) => f.startsWith('answers.'))
              .map(([f, m]) => [f.slice('answers.'.length), m]),
          ),
        );
      } else notifyError(err);
    }
  };

  return (
    <Container size="sm" py="lg" px="sm">
      <Stack gap="md">
        <Paper
          radius="md"
          p="lg"
          bg="var(--mantine-primary-color-filled)"
          c="var(--mantine-primary-color-contrast)"
        >
          <Text size="xs" fw={700} tt="uppercase">
            Customer Survey
          </Text>
          <Title order={1} size="h2">
            {survey.programName}
          </Title>
          <Text fw={600}>{survey.locationName}</Text>
          <Text size="sm">{survey.address}</Text>
        </Paper>
        <Text size="sm" c="dimmed">
          Tell us about your visit. It takes about two minutes; questions marked * are required.
        </Text>
        {form.sections.map((section) => (
          <Paper
            key={section.localId}
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            data-testid="survey-section"
          >
            <Stack gap="lg">
              {form.sections.length > 1 && (
                <Title order={2} size="h4">
                  {section.name}
                </Title>
              )}
              <EvaluationSection
                evaluation={evaluation}
                sectionId={section.localId}
                onAnswer={onAnswer}
                refused={{ ...serverErrors, ...entry.refused }}
                showAllMessages={showAll}
              />
            </Stack>
          </Paper>
        ))}
        {showAll && !ready && <CompletionSummaryView completion={evaluation.status.completion} />}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button
          size="lg"
          fullWidth
          leftSection={<IconSend size={18} />}
          loading={loading}
          onClick={() => void submit()}
        >
          Submit
        </Button>
      </Stack>
    </Container>
  );
}

/** /survey/:surveyCode: the public customer survey (no account), filled in with the engine live. */
export function SurveyPage() {
  const { surveyCode = '' } = useParams();
  const { data, loading, error } = useQuery(SURVEY, { variables: { code: surveyCode } });
  const survey = data?.survey;
  const rawForm = survey?.form;
  const form = useMemo(() => {
    if (rawForm === undefined) return null;
    const parsed = parseForm(rawForm);
    return parsed.ok ? withoutInbound(parsed.value) : null;
  }, [rawForm]);
  if (loading && !data) return <PageLoader />;
  if (error) return <Message title="Survey not available">{errorMessage(error)}</Message>;
  if (!survey || !form) return <Message title="Survey not available">{MSG_SURVEY_NOT_FOUND}</Message>;
  return <SurveyForm survey={survey} form={form} />;
}
