import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Input,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AnswerValue, ElementStatus, FormElement } from '../../evaluation';
import { ImageAnswerInput, NumberAnswer, RecordingAnswerInput, TimespanAnswerInput } from './answer-inputs';
import { fromTimeInput, toTimeInput } from './time-input';

export interface ElementInputProps {
  element: FormElement;
  /** The engine's status (number, required, editable); without one the element is shown plainly. */
  status?: ElementStatus | undefined;
  value: AnswerValue | undefined;
  /** The message to show under the input (the caller decides when the engine's message shows). */
  error?: string | null | undefined;
  /** Called with the raw new answer; null clears it. The caller runs it through the engine's `answer`. */
  onChange: (value: unknown) => void;
  /** Stores a picked photo or recording and returns its URL; without it no file can be picked. */
  uploadFile?: (file: File) => Promise<string>;
  onUploadError?: (message: string) => void;
}

/** '3. Were you greeted?' (no number for remarks and displayNumber false). */
export function elementLabel(element: FormElement, status: ElementStatus | undefined): string {
  const prompt = element.prompt.trim() || element.name.trim() || 'Untitled question';
  return status?.number != null ? `${status.number}. ${prompt}` : prompt;
}

function lengthHint(element: FormElement, value: unknown): string | undefined {
  const { maxLength, minLength } = element.config;
  const length = typeof value === 'string' ? value.length : 0;
  if (maxLength && maxLength > 0) return `${length} / ${maxLength} characters`;
  if (minLength) return `At least ${minLength} characters`;
  return undefined;
}

function rangeHint(element: FormElement): string | undefined {
  const { min, max } = element.config;
  if (min != null && max != null) return `Between ${min} and ${max}`;
  if (min != null) return `At least ${min}`;
  if (max != null) return `At most ${max}`;
  return undefined;
}

/** Short answers get a short box; the label keeps the full width. */
const NARROW = { wrapper: { maxWidth: 240 } };

const isUrl = (text: string) => /^https?:\/\/\S+$/.test(text.trim());

function RemarkView({ element }: { element: FormElement }) {
  const content = element.config.content ?? '';
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <IconInfoCircle
          size={18}
          color="var(--mantine-color-blue-6)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Stack gap={4}>
          {element.prompt && (
            <Text fw={600} size="sm">
              {element.prompt}
            </Text>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {content || (
              <Text span c="dimmed">
                (no text)
              </Text>
            )}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function Wrapped(props: {
  id: string;
  label: ReactNode;
  required: boolean;
  error?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper
      id={props.id}
      label={props.label}
      withAsterisk={props.required}
      error={props.error}
      description={props.description}
    >
      <div style={{ marginTop: 4 }}>{props.children}</div>
    </Input.Wrapper>
  );
}

/**
 * One element of an evaluation as the person filling it in sees it: the numbered prompt, the
 * input of its type and its message. Used by the form builder's entry mode and the evaluator app.
 */
export function ElementInput(props: ElementInputProps) {
  const { element, status, value, onChange } = props;
  const id = `element-${element.localId}`;
  const label = elementLabel(element, status);
  const required = status?.required ?? false;
  const disabled = status ? !status.editable : false;
  const error = props.error || undefined;
  const text = typeof value === 'string' ? value : '';

  switch (element.typeId) {
    case 'remark':
      return <RemarkView element={element} />;
    case 'text':
      return (
        <TextInput
          id={id}
          label={label}
          withAsterisk={required}
          disabled={disabled}
          error={error}
          description={lengthHint(element, value)}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'narrative':
      return (
        <Textarea
          id={id}
          label={label}
          withAsterisk={required}
          disabled={disabled}
          error={error}
          description={lengthHint(element, value)}
          autosize
          minRows={3}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberAnswer
          id={id}
          label={label}
          description={rangeHint(element)}
          error={error}
          required={required}
          disabled={disabled}
          value={value}
          onChange={onChange}
        />
      );
    case 'date':
      return (
        <TextInput
          id={id}
          type="date"
          label={label}
          withAsterisk={required}
          disabled={disabled}
          error={error}
          value={text}
          styles={NARROW}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'time':
      return (
        <TextInput
          id={id}
          type="time"
          label={label}
          withAsterisk={required}
          disabled={disabled}
          error={error}
          value={toTimeInput(value)}
          styles={NARROW}
          onChange={(e) => onChange(fromTimeInput(e.currentTarget.value))}
        />
      );
    case 'timespan':
      return (
        <Wrapped id={id} label={label} required={required} error={error}>
          <TimespanAnswerInput id={id} value={value} onChange={onChange} disabled={disabled} />
        </Wrapped>
      );
    case 'choice':
      return (
        <Radio.Group
          id={id}
          label={label}
          withAsterisk={required}
          error={error}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
        >
          <Stack gap="xs" mt={6}>
            {element.options.map((o) => (
              <Radio
                key={o.localId}
                value={o.localId}
                label={o.prompt || 'Untitled option'}
                disabled={disabled}
              />
            ))}
            {typeof value === 'string' && !disabled && (
              <Group>
                <Button variant="subtle" size="compact-xs" color="gray" onClick={() => onChange(null)}>
                  Clear answer
                </Button>
              </Group>
            )}
          </Stack>
        </Radio.Group>
      );
    case 'multichoice':
      return (
        <Checkbox.Group
          id={id}
          label={label}
          withAsterisk={required}
          error={error}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(v)}
        >
          <Stack gap="xs" mt={6}>
            {element.options.map((o) => (
              <Checkbox
                key={o.localId}
                value={o.localId}
                label={o.prompt || 'Untitled option'}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'imageupload':
      return (
        <Wrapped id={id} label={label} required={required} error={error}>
          <ImageAnswerInput
            value={value}
            onChange={onChange}
            upload={props.uploadFile}
            disabled={disabled}
            onError={(m) => props.onUploadError?.(m)}
          />
        </Wrapped>
      );
    case 'phonerecording':
      return (
        <Wrapped id={id} label={label} required={required} error={error}>
          <RecordingAnswerInput
            value={value}
            onChange={onChange}
            upload={props.uploadFile}
            disabled={disabled}
            onError={(m) => props.onUploadError?.(m)}
          />
        </Wrapped>
      );
    case 'inboundparameter':
      return (
        <TextInput
          id={id}
          label={label}
          description="Filled in from the link the evaluation was opened with"
          value={text}
          readOnly
          disabled
        />
      );
    case 'embed': {
      const content = element.config.content ?? '';
      return (
        <Wrapped id={id} label={label} required={false}>
          {isUrl(content) ? (
            <Anchor href={content} target="_blank" rel="noreferrer">
              {content}
            </Anchor>
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {content || '(nothing embedded)'}
            </Text>
          )}
        </Wrapped>
      );
    }
    default:
      return null;
  }
}
