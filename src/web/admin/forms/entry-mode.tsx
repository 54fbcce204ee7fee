import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { notifyError } from '../../app/apollo';
import {
  CompletionSummaryView,
  type EvaluationEntry,
  EvaluationSection,
  SectionPager,
} from '../../evaluation';
import { SectionNav } from './section-nav';

// The test entry lives in memory only; a picked image is shown from the browser's own copy.
const previewFile = async (file: File) => URL.createObjectURL(file);

/** Entry mode: fill in the draft as a test, with the engine's numbering, messages and completion. */
export function EntryMode({ entry }: { entry: EvaluationEntry }) {
  const { evaluation } = entry;
  if (!evaluation) return null;
  const { sections } = evaluation.form;
  const currentId = evaluation.metadata.currentSectionId ?? sections[0]?.localId ?? null;
  const index = Math.max(
    0,
    sections.findIndex((s) => s.localId === currentId),
  );
  const section = sections[index];
  const statuses = evaluation.status.elements;
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <Stack gap="md">
          <CompletionSummaryView completion={evaluation.status.completion} />
          <SectionNav
            items={sections.map((s) => {
              const visible = s.elements.filter((e) => statuses[e.localId]?.visible && e.typeId !== 'remark');
              const open = visible.filter(
                (e) => statuses[e.localId]?.required && !statuses[e.localId]?.populated,
              );
              const collected = evaluation.status.sections[s.localId]?.collected ?? false;
              const invalid = collected && visible.some((e) => statuses[e.localId]?.message);
              return {
                section: s,
                description: !collected
                  ? 'Not started'
                  : open.length > 0
                    ? `${open.length} required left`
                    : 'Complete',
                alert: invalid,
                dimmed: visible.length === 0,
              };
            })}
            activeId={section?.localId ?? null}
            onSelect={entry.goToSection}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        {section && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid="entry-section">
            <Stack gap="lg">
              <div>
                <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                  Section {index + 1} of {sections.length}
                </Text>
                <Title order={2} size="h3">
                  {section.name || 'Untitled section'}
                </Title>
              </div>
              <EvaluationSection
                evaluation={evaluation}
                sectionId={section.localId}
                onAnswer={entry.answer}
                refused={entry.refused}
                uploadFile={previewFile}
                onUploadError={notifyError}
              />
              <SectionPager
                index={index}
                count={sections.length}
                onPrevious={entry.previous}
                onNext={entry.next}
              />
            </Stack>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
