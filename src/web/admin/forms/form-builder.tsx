import { Alert, Button, Container, SegmentedControl, Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FORM_BUILDER_MODES, type Form, parseForm, score } from '../../../evaluation';
import { notifySuccess } from '../../app/apollo';
import { usePageTitle } from '../../app/page-title';
import { ReportView, useEvaluationEntry } from '../../evaluation';
import { BuilderHeader, type VersionInfo } from './builder-header';
import { ContentMode } from './content-mode';
import { DebugMode } from './debug-mode';
import { EntryMode } from './entry-mode';
import { outlineOf } from './form-outline';
import { PublishModal } from './publish-modal';
import { stableJson } from './stable-json';
import { DEFAULT_TEST_CONTEXT, evaluationContext, TestContextBar } from './test-context';
import { UnsavedGuard } from './unsaved-guard';
import { useFormPersistence } from './use-form-persistence';

type Mode = (typeof FORM_BUILDER_MODES)[number];
const MODE_LABEL: Record<Mode, string> = {
  content: 'Content',
  entry: 'Entry',
  report: 'Report',
  debug: 'Debug',
};
const isMode = (v: string | null): v is Mode => FORM_BUILDER_MODES.includes(v as Mode);

export interface LoadedForm {
  _id: string;
  isActive: boolean;
  latestVersion: VersionInfo | null;
  versions: readonly VersionInfo[];
}

/**
 * The form builder: the draft is edited in memory (content mode), tried out as a test entry through
 * the engine (entry, report and debug modes), saved explicitly and published as a new version.
 */
export function FormBuilder({ form, initialDraft }: { form: LoadedForm; initialDraft: Form }) {
  const [draft, setDraft] = useState(initialDraft);
  const persistence = useFormPersistence(form._id, initialDraft);
  const dirty = useMemo(() => stableJson(draft) !== persistence.savedJson, [draft, persistence.savedJson]);
  usePageTitle(`${draft.name || 'Form'} - Form Builder`);

  const [params, setParams] = useSearchParams();
  const mode: Mode = isMode(params.get('mode')) ? (params.get('mode') as Mode) : 'content';
  const setMode = (m: string) =>
    setParams(
      (p) => {
        p.set('mode', m);
        return p;
      },
      { replace: true },
    );

  const [contentSectionId, setContentSectionId] = useState<string | null>(
    initialDraft.sections[0]?.localId ?? null,
  );
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string, force?: boolean) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (force ?? !prev.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const outline = useMemo(() => outlineOf(draft), [draft]);
  const check = useMemo(() => parseForm(draft), [draft]);
  const problem = check.ok ? null : check.error;
  const [testContext, setTestContext] = useState(DEFAULT_TEST_CONTEXT);
  const context = useMemo(() => evaluationContext(testContext), [testContext]);
  const entry = useEvaluationEntry(check.ok ? check.value : null, context);
  const report = useMemo(() => (entry.evaluation ? score(entry.evaluation) : null), [entry.evaluation]);

  const [publishOpen, setPublishOpen] = useState(false);
  const save = () => {
    if (dirty && !persistence.saving) void persistence.save(draft);
  };
  useHotkeys([['mod+S', save]], []);

  const publish = async () => {
    if (dirty && !(await persistence.save(draft, { quiet: true }))) return;
    const before = form.latestVersion?.version ?? 0;
    const version = await persistence.publish();
    if (version == null) return;
    setPublishOpen(false);
    notifySuccess(version > before ? `Published version ${version}` : `No changes since version ${version}`);
  };

  const showProblem = () => {
    if (!problem) return;
    setMode('content');
    if (problem.sectionId) setContentSectionId(problem.sectionId);
    if (problem.elementId) toggle(problem.elementId, true);
  };

  return (
    <Container size="xl" py="lg" data-testid="form-builder">
      <UnsavedGuard dirty={dirty} />
      <Stack gap="md">
        <BuilderHeader
          name={draft.name}
          onRename={(name) => setDraft({ ...draft, name })}
          isActive={form.isActive}
          onActiveChange={persistence.switchActive}
          dirty={dirty}
          saving={persistence.saving}
          onSave={save}
          publishing={persistence.publishing}
          onPublish={() => setPublishOpen(true)}
          latestVersion={form.latestVersion}
          versions={form.versions}
        />
        <SegmentedControl
          aria-label="Mode"
          value={mode}
          onChange={setMode}
          data={FORM_BUILDER_MODES.map((m) => ({ value: m, label: MODE_LABEL[m] }))}
          fullWidth
          maw={560}
        />
        {problem && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="This draft cannot be saved or tried yet"
          >
            <Stack gap="xs" align="flex-start">
              {problem.message}
              {mode !== 'content' || problem.elementId ? (
                <Button size="xs" variant="light" color="red" onClick={showProblem}>
                  Show me
                </Button>
              ) : null}
            </Stack>
          </Alert>
        )}
        {mode === 'content' && (
          <ContentMode
            outline={outline}
            problem={problem}
            sectionId={contentSectionId}
            onSelectSection={setContentSectionId}
            open={open}
            onToggle={toggle}
            onChange={setDraft}
          />
        )}
        {mode !== 'content' && entry.evaluation && (
          <TestContextBar
            form={entry.evaluation.form}
            context={testContext}
            onChange={setTestContext}
            onReset={entry.reset}
          />
        )}
        {mode === 'entry' && <EntryMode entry={entry} />}
        {mode === 'report' && report && <ReportView report={report} />}
        {mode === 'debug' && entry.evaluation && (
          <DebugMode evaluation={entry.evaluation} outline={outline} />
        )}
      </Stack>
      <PublishModal
        opened={publishOpen}
        onClose={() => setPublishOpen(false)}
        nextVersion={(form.latestVersion?.version ?? 0) + 1}
        dirty={dirty}
        problem={problem?.message ?? null}
        publishing={persistence.publishing || persistence.saving}
        onPublish={publish}
      />
    </Container>
  );
}
