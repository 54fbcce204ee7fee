import { useQuery } from '@apollo/client';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMapPin } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatLongDate } from '../../domain';
import type { Report } from '../../evaluation';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { ReportView } from '../evaluation';
import { SHOP_REPORT } from './evaluator-documents';

/**
 * /account/reports/shop/:evaluationId (the link of the 'report ready' e-mail): the scored report of
 * an approved shop for its customer: sections, answers, scores, classes and photos.
 */
export function ShopReportPage() {
  const { evaluationId = '' } = useParams();
  const { data, loading, error } = useQuery(SHOP_REPORT, { variables: { id: evaluationId } });
  const evaluation = data?.evaluation;
  usePageTitle(evaluation ? `${evaluation.programName} Report` : 'Shop Report');
  if (loading && !data) return <PageLoader />;
  const report = evaluation?.report as Report | null | undefined;
  if (error || !evaluation || !report) {
    return (
      <Stack gap="sm">
        <Title order={1} size="h2">
          Shop Report
        </Title>
        <Alert color={error ? 'red' : 'blue'} role="alert">
          {error
            ? errorMessage(error)
            : 'This report is not ready yet. It opens once the shop has been approved.'}
        </Alert>
        <Anchor component={Link} to="/account/reports">
          Back to Program Reports
        </Anchor>
      </Stack>
    );
  }
  const date = evaluation.shopDate ?? evaluation.approvedAt;
  return (
    <Stack gap="md" data-testid="shop-report">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            Shop Report
          </Text>
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
                  {formatLongDate(date)}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Paper>
      <ReportView report={report} />
      <Anchor component={Link} to="/account/reports" size="sm">
        Back to Program Reports
      </Anchor>
    </Stack>
  );
}
