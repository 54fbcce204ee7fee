import { Anchor, Badge, Divider, Group, Image, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { Report, ReportElement, ReportSection } from '../../evaluation';
import { performanceColor } from './performance';

const formatScore = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function ScoreBadge({
  item,
}: {
  item: Pick<ReportElement, 'isScored' | 'score' | 'possibleScore' | 'percentageScore' | 'performanceClass'>;
}) {
  if (!item.isScored) {
    return (
      <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
        Not scored
      </Badge>
    );
  }
  return (
    <Badge
      color={performanceColor(item.performanceClass)}
      variant="light"
      size="lg"
      style={{ flexShrink: 0 }}
      data-performance={item.performanceClass ?? undefined}
    >
      {formatScore(item.score)} / {formatScore(item.possibleScore)} · {item.percentageScore}%
    </Badge>
  );
}

function Answer({ element }: { element: ReportElement }) {
  if (element.answer == null) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {element.visible ? 'Not answered' : 'Not shown'}
      </Text>
    );
  }
  if (element.typeId === 'imageupload' && element.answer) {
    return (
      <Anchor href={element.answer} target="_blank" rel="noreferrer" aria-label="View image">
        <Image
          src={element.answer}
          alt={element.prompt || 'Uploaded image'}
          w="auto"
          maw={280}
          mah={280}
          fit="contain"
          radius="sm"
        />
      </Anchor>
    );
  }
  if (element.typeId === 'phonerecording' && element.answer) {
    return (
      <Anchor size="sm" href={element.answer} target="_blank" rel="noreferrer">
        Play recording
      </Anchor>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {element.answer}
    </Text>
  );
}

function SectionReport({ section }: { section: ReportSection }) {
  const elements = section.elements.filter((e) => e.isReported && e.typeId !== 'remark');
  return (
    <Paper withBorder p="md" id={section.markupId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {section.name || 'Untitled section'}
          </Title>
          <ScoreBadge item={section} />
        </Group>
        {elements.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing reported in this section.
          </Text>
        ) : (
          <Stack gap="xs">
            {elements.map((element, i) => (
              <Fragment key={element.localId}>
                {i > 0 && <Divider />}
                <Group
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  gap="sm"
                  data-report-element={element.localId}
                >
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {element.prompt || 'Untitled question'}
                    </Text>
                    <Answer element={element} />
                  </Stack>
                  <ScoreBadge item={element} />
                </Group>
              </Fragment>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The engine's report model: the overall score, then each section's reported elements and scores. */
export function ReportView({ report }: { report: Report }) {
  const color = performanceColor(report.performanceClass);
  return (
    <Stack gap="md" data-testid="report-view">
      <Paper withBorder p="md">
        <Group gap="lg" wrap="nowrap">
          <RingProgress
            size={96}
            thickness={10}
            roundCaps
            sections={[{ value: report.percentageScore, color }]}
            label={
              <Text ta="center" fw={800} size="lg" data-testid="report-percentage">
                {report.possibleScore > 0 ? `${report.percentageScore}%` : '—'}
              </Text>
            }
          />
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Overall score
            </Text>
            <Text fw={700} size="xl" data-testid="report-score">
              {report.possibleScore > 0
                ? `${formatScore(report.score)} of ${formatScore(report.possibleScore)} points`
                : 'Nothing scored yet'}
            </Text>
            <Text size="xs" c="dimmed">
              {report.visibleSections} of {report.sections.length} sections reported
            </Text>
          </Stack>
        </Group>
      </Paper>
      {report.sections
        .filter((s) => s.visibleElements > 0)
        .map((section) => (
          <SectionReport key={section.markupId} section={section} />
        ))}
    </Stack>
  );
}
