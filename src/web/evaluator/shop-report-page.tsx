import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMapPin } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatCalendarDate, formatLongDate } from '../../domain';
import type { Report } from '../../evaluation';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { ReportView } from '../evaluation';
import { SHARED_SHOP_REPORT, SHOP_REPORT } from './evaluator-documents';

type ShownReport = {
  report: unknown;
  programName: string;
  locationName: string;
  address?: string | null;
  shopDate?: string | null;
  approvedAt?: string | null;
};

/**
 * /account/reports/shop/:evaluationId (the link of the 'report ready' e-mail): the scored report of
 * an approved shop for its customer: sections, answers, scores, classes and photos.
 */
export function ShopReportPage() {
  const { evaluationId = '' } = useParams();
  const { data, loading, error } = useQuery(SHOP_REPORT, { variables: { id: evaluationId } });
  return (
    <ShopReport
      evaluation={data?.evaluation}
      loading={loading && !data}
      error={error ? errorMessage(error) : null}
      back={{ to: '/account/reports', label: 'Back to Program Reports' }}
      pdf={data?.evaluation ? `/reports/shop/${encodeURIComponent(evaluationId)}.pdf` : null}
    />
  );
}

/**
 * /reports/shop/:evaluationId?key=… (the 'report ready' e-mail of a guest, who has no login, and of a
 * location's report addresses): the same report, opened by the link's key alone.
 */
export function SharedShopReportPage() {
  const { evaluationId = '' } = useParams();
  const [search] = useSearchParams();
  const { data, loading, error } = useQuery(SHARED_SHOP_REPORT, {
    variables: { id: evaluationId, key: search.get('key') ?? '' },
  });
  // Outside the account area, so the page brings its own margins.
  return (
    <Container size="lg" py="xl">
      <ShopReport
        evaluation={data?.sharedShopReport}
        loading={loading && !data}
        error={
          !error
            ? null
            : error.graphQLErrors.some((g) => g.extensions?.code === 'FORBIDDEN')
              ? 'This report link is not valid. Please use the link of your e-mail as it is.'
              : errorMessage(error)
        }
        back={null}
        pdf={null}
      />
    </Container>
  );
}

function ShopReport({
  evaluation,
  loading,
  error,
  back,
  pdf,
}: {
  evaluation: ShownReport | null | undefined;
  loading: boolean;
  error: string | null;
  back: { to: string; label: string } | null;
  /** The report's PDF (the account's own report page only). */
  pdf: string | null;
}) {
  usePageTitle(evaluation ? `${evaluation.programName} Report` : 'Shop Report');
  if (loading) return <PageLoader />;
  const report = evaluation?.report as Report | null | undefined;
  const backLink = back && (
    <Anchor component={Link} to={back.to} size="sm">
      {back.label}
    </Anchor>
  );
  if (error || !evaluation || !report) {
    return (
      <Stack gap="sm">
        <Title order={1} size="h2">
          Shop Report
        </Title>
        <Alert color={error ? 'red' : 'blue'} role="alert">
          {error ?? 'This report is not ready yet. It opens once the shop has been approved.'}
        </Alert>
        {backLink}
      </Stack>
    );
  }
  // The day the shopper entered, as entered (a calendar date: no time zone may move it).
  const date = evaluation.shopDate
    ? formatCalendarDate(evaluation.shopDate, 'long')
    : formatLongDate(evaluation.approvedAt);
  return (
    <Stack gap="md" data-testid="shop-report">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              Shop Report
            </Text>
            {pdf && (
              <Group gap="xs" data-testid="shop-report-pdf">
                <Anchor href={`${pdf}?paper=a4`} download size="sm">
                  Download PDF (A4)
                </Anchor>
                <Anchor href={`${pdf}?paper=letter`} download size="sm">
                  Download PDF (US Letter)
                </Anchor>
              </Group>
            )}
          </Group>
          <Title order={1} size="h2">
            {evaluation.programName}
          </Title>
          <Text fw={600}>{evaluation.locationName}</Text>
          <Group gap="lg">
            {evaluation.address && (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3 }} />
                <Text size="sm" c="dimmed">
                  {evaluation.address}
                </Text>
              </Group>
            )}
            {date && (
              <Group gap={6} wrap="nowrap">
                <IconCalendar size={16} />
                <Text size="sm" c="dimmed" data-testid="shop-date">
                  {date}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Paper>
      <ReportView report={report} />
      {backLink}
    </Stack>
  );
}
