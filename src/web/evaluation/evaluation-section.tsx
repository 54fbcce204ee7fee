import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ElementStatus, Evaluation, FormElement } from '../../evaluation';
import { ElementInput } from './element-input';

/**
 * The visible elements of one section of an evaluation, with the engine's messages once the
 * section has been started (the same moment the engine counts them as invalid).
 */
export function EvaluationSection(props: {
  evaluation: Evaluation;
  sectionId: string;
  onAnswer: (elementId: string, value: unknown) => void;
  /** Answers the engine refused, by element (shown instead of its message). */
  refused?: Readonly<Record<string, string>>;
  uploadFile?: (file: File) => Promise<string>;
  onUploadError?: (message: string) => void;
  /** Show every message now, collected or not (e.g. after an attempt to submit). */
  showAllMessages?: boolean;
  /** Something to show under an element, e.g. a proofing comment or a reviewer's comment box. */
  renderBelow?: (element: FormElement, status: ElementStatus | undefined) => ReactNode;
}) {
  const { evaluation, sectionId } = props;
  const section = evaluation.form.sections.find((s) => s.localId === sectionId);
  if (!section) return null;
  const collected = evaluation.status.sections[sectionId]?.collected ?? false;
  const visible = section.elements.filter((e) => evaluation.status.elements[e.localId]?.visible ?? true);
  if (visible.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nothing to answer in this section.
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {visible.map((element) => {
        const status = evaluation.status.elements[element.localId];
        const message =
          status?.message && (collected || status.populated || props.showAllMessages) ? status.message : null;
        return (
          <div key={element.localId} data-element-id={element.localId}>
            <ElementInput
              element={element}
              status={status}
              value={evaluation.answers[element.localId]}
              error={props.refused?.[element.localId] ?? message}
              onChange={(value) => props.onAnswer(element.localId, value)}
              {...(props.uploadFile ? { uploadFile: props.uploadFile } : {})}
              {...(props.onUploadError ? { onUploadError: props.onUploadError } : {})}
            />
            {props.renderBelow?.(element, status)}
          </div>
        );
      })}
    </Stack>
  );
}
