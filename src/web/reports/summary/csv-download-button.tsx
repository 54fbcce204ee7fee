import { useApolloClient } from '@apollo/client';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { rangeParams } from '../../../domain';
import { saveFile } from '../../app/save-file';
import type { QuestionRow, SummarySectionRow, SummaryShopRow } from '../report-types';
import { fetchReport } from '../reporting-client';
import {
  buildCsvZip,
  CSV_COMPLETE_RESET_MS,
  CSV_TEXT,
  fetchProgramPages,
  type ProgramFailure,
} from './download-csv';
import type { Summary } from './use-summary';

type Notice = { color: 'red' | 'yellow'; lines: string[]; failures?: ProgramFailure[] };

/** 'Download CSV': a zip of one CSV per program in the date range, with its progress and notices. */
export function CsvDownloadButton({ summary }: { summary: Summary }) {
  const apollo = useApolloClient();
  const [progress, setProgress] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);
  const busy = progress !== null && progress !== CSV_TEXT.complete;

  async function download() {
    const { parties, range } = summary;
    if (!parties) return;
    clearTimeout(reset.current);
    setNotice(null);
    const result = await buildCsvZip({
      range,
      shops: summary.inRange,
      fetchProgram: (programName) =>
        fetchProgramPages(async (page) => {
          const params = { ...parties, ...rangeParams(range), programName, ...page };
          const [shops, sections, questions] = await Promise.all([
            fetchReport<SummaryShopRow>(apollo, '/api/summary/shops', params),
            fetchReport<SummarySectionRow>(apollo, '/api/summary/sectionHeaders', params),
            fetchReport<QuestionRow>(apollo, '/api/summary/questions', params),
          ]);
          return { shops, sections, questions };
        }),
      onProgress: setProgress,
    });
    if (result.kind === 'noPrograms' || result.kind === 'allFailed' || result.kind === 'zipFailed') {
      setProgress(null);
      if (result.kind === 'noPrograms') setNotice({ color: 'yellow', lines: [CSV_TEXT.noPrograms] });
      else if (result.kind === 'allFailed')
        setNotice({ color: 'red', lines: [CSV_TEXT.allFailed], failures: result.failures });
      else setNotice({ color: 'red', lines: [CSV_TEXT.zipFailed(result.message), CSV_TEXT.tryAgain] });
      return;
    }
    if (result.failures.length > 0)
      setNotice({
        color: 'yellow',
        lines: [CSV_TEXT.someFailed(result.failures.length)],
        failures: result.failures,
      });
    saveFile(result.bytes as BlobPart, result.fileName, 'application/zip');
    setProgress(CSV_TEXT.complete);
    reset.current = setTimeout(() => setProgress(null), CSV_COMPLETE_RESET_MS);
  }

  return (
    <Stack gap={4} align="flex-end">
      {/* On a phone the progress text goes above the button rather than squeezing its label. */}
      <Group gap="xs" justify="flex-end">
        {/* Always in the page, so each progress text is announced. */}
        <Text size="sm" c="dimmed" role="status" data-testid="csv-progress" hidden={!progress}>
          {progress ?? ''}
        </Text>
        <Button
          variant="subtle"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={download}
          loading={busy}
          disabled={!summary.parties || summary.loading}
          style={{ flexShrink: 0 }}
        >
          Download CSV
        </Button>
      </Group>
      {notice && (
        <Alert
          color={notice.color}
          withCloseButton
          onClose={() => setNotice(null)}
          data-testid="csv-notice"
          maw={520}
        >
          {notice.lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          {notice.failures && (
            <List size="sm" mt={4}>
              {notice.failures.map((f) => (
                <List.Item key={f.program}>
                  {f.program}: {f.message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
