import '../app/full-styles';
import { useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Container,
  CopyButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatLongDate } from '../../domain';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader, RequireLogin } from '../app/session';
import { scoreColor } from './score-color';
import { SURVEY_PROGRAM_SUMMARY } from './survey-documents';
import { MSG_SURVEY_NOT_FOUND, surveyQrUrl, surveyUrl } from './survey-link';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={800} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Summary({ code }: { code: string }) {
  const { data, loading, error } = useQuery(SURVEY_PROGRAM_SUMMARY, {
    variables: { code },
    fetchPolicy: 'cache-and-network',
  });
  const summary = data?.surveyProgramSummary;
  usePageTitle(summary ? `${summary.programName} Summary` : 'Survey Summary');
  if (loading && !data) return <PageLoader />;
  if (error || !summary) {
    return (
      <Alert color="red" role="alert" title="Survey summary not available">
        {error ? errorMessage(error) : MSG_SURVEY_NOT_FOUND}
      </Alert>
    );
  }
  const link = surveyUrl(code);
  return (
    <Stack gap="md" data-testid="survey-summary">
      <div>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          Survey Program Summary
        </Text>
        <Title order={1} size="h2">
          {summary.programName}
        </Title>
        <Text fw={600}>{summary.locationName}</Text>
        <Text size="sm" c="dimmed">
          {summary.address}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat label="Responses" value={String(summary.responses)} testId="summary-responses" />
        <Stat
          label="Average score"
          value={summary.averagePercentage == null ? '—' : `${summary.averagePercentage}%`}
          testId="summary-average"
        />
        <Stat
          label="Last response"
          value={summary.lastResponseAt ? formatLongDate(summary.lastResponseAt) : 'None yet'}
          testId="summary-last"
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Average by question
          </Title>
          {summary.questions.length === 0 ? (
            <Text size="sm" c="dimmed">
              Scored questions appear here once customers respond.
            </Text>
          ) : (
            summary.questions.map((q) => (
              <div key={q.prompt} data-testid="summary-question">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Text size="sm" fw={600}>
                    {q.prompt}
                  </Text>
                  <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
                    {q.averagePercentage}%
                  </Text>
                </Group>
                <Progress
                  value={q.averagePercentage}
                  color={scoreColor(q.averagePercentage)}
                  size="lg"
                  radius="sm"
                  mt={4}
                  aria-label={`${q.prompt}: ${q.averagePercentage}%`}
                />
                <Text size="xs" c="dimmed" mt={2}>
                  {q.answers} {q.answers === 1 ? 'answer' : 'answers'}
                </Text>
              </div>
            ))
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image src={surveyQrUrl(code)} alt="QR code of the survey link" w={160} h={160} />
          <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Title order={2} size="h4">
              Survey link
            </Title>
            <Anchor
              href={link}
              target="_blank"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="survey-link"
            >
              {link}
            </Anchor>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="xs"
                  w="fit-content"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}

/** /survey/program-summary/:surveyCode: a survey program's responses, for its customer or an admin. */
export function ProgramSummaryPage() {
  const { surveyCode = '' } = useParams();
  return (
    <RequireLogin>
      <Container size="md" py="xl" px="sm">
        <Summary code={surveyCode} />
      </Container>
    </RequireLogin>
  );
}
