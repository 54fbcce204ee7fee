import { Button, FileButton, Group, Image, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TimespanAnswer } from '../../evaluation';

// Inputs for the answer types that need more than a plain Mantine field.

/** A number answer; keeps what is being typed ('-', '1.') until it is a number. */
export function NumberAnswer(props: {
  id: string;
  value: unknown;
  onChange: (value: number | null) => void;
  label: React.ReactNode;
  description?: React.ReactNode;
  error?: React.ReactNode;
  required: boolean;
  disabled: boolean;
}) {
  const num = typeof props.value === 'number' ? props.value : null;
  const [raw, setRaw] = useState<number | string>(num ?? '');
  useEffect(() => {
    setRaw((current) => ((typeof current === 'number' ? current : null) === num ? current : (num ?? '')));
  }, [num]);
  return (
    <NumberInput
      id={props.id}
      label={props.label}
      description={props.description}
      error={props.error}
      withAsterisk={props.required}
      disabled={props.disabled}
      value={raw}
      clampBehavior="none"
      styles={{ wrapper: { maxWidth: 240 } }}
      onChange={(v) => {
        setRaw(v);
        if (typeof v === 'number') props.onChange(v);
        else if (v === '') props.onChange(null);
      }}
    />
  );
}

const PARTS = [
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Hours, minutes and seconds; all empty clears the answer. */
export function TimespanAnswerInput(props: {
  id: string;
  value: unknown;
  onChange: (value: TimespanAnswer | null) => void;
  disabled: boolean;
}) {
  const current =
    typeof props.value === 'object' && props.value !== null ? (props.value as Partial<TimespanAnswer>) : null;
  const set = (key: keyof TimespanAnswer, v: number | string) => {
    const next = {
      hours: current?.hours ?? 0,
      minutes: current?.minutes ?? 0,
      seconds: current?.seconds ?? 0,
      [key]: typeof v === 'number' ? v : 0,
    };
    const empty = v === '' && PARTS.every(([k]) => k === key || !current?.[k]);
    props.onChange(empty ? null : next);
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {PARTS.map(([key, label]) => (
        <NumberInput
          key={key}
          id={key === 'hours' ? props.id : `${props.id}-${key}`}
          aria-label={label}
          placeholder={label}
          rightSection={
            <Text size="xs" c="dimmed" pr={6}>
              {label[0]!.toLowerCase()}
            </Text>
          }
          min={0}
          allowNegative={false}
          allowDecimal={false}
          disabled={props.disabled}
          value={current ? (current[key] ?? 0) : ''}
          onChange={(v) => set(key, v)}
          w={96}
        />
      ))}
    </Group>
  );
}

/** Picks an image and hands it to `upload`, which returns the URL the answer holds. */
export function ImageAnswerInput(props: {
  value: unknown;
  onChange: (url: string | null) => void;
  upload: ((file: File) => Promise<string>) | undefined;
  disabled: boolean;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const url = typeof props.value === 'string' && props.value ? props.value : null;
  const pick = async (file: File | null) => {
    if (!file || !props.upload) return;
    setBusy(true);
    try {
      props.onChange(await props.upload(file));
    } catch (err) {
      props.onError(err instanceof Error ? err.message : 'The image could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      {url && <Image src={url} alt="Uploaded image" maw={320} radius="sm" />}
      {props.disabled && !url && (
        <Text size="sm" c="dimmed">
          No image
        </Text>
      )}
      {/* Read-only (not editable): the picture only, no buttons. */}
      <Group gap="xs" display={props.disabled ? 'none' : undefined}>
        <FileButton onChange={pick} accept="image/*" disabled={props.disabled || !props.upload}>
          {(p) => (
            <Button {...p} variant="default" leftSection={<IconPhoto size={16} />} loading={busy}>
              {url ? 'Replace image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={props.disabled}
            onClick={() => props.onChange(null)}
          >
            Remove
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A phone recording: its URL (recordings arrive from the phone system), with a player. */
export function RecordingAnswerInput(props: {
  id: string;
  value: unknown;
  onChange: (value: { recordingURL: string } | null) => void;
  disabled: boolean;
}) {
  const url =
    typeof props.value === 'object' && props.value !== null
      ? ((props.value as { recordingURL?: unknown }).recordingURL as string | null)
      : null;
  return (
    <Stack gap="xs">
      <TextInput
        id={props.id}
        aria-label="Recording URL"
        placeholder="https://… recording URL"
        value={url ?? ''}
        disabled={props.disabled}
        onChange={(e) =>
          props.onChange(e.currentTarget.value ? { recordingURL: e.currentTarget.value } : null)
        }
      />
      {/* biome-ignore lint/a11y/useMediaCaption: recordings of calls have no captions. */}
      {url && /^https?:\/\//.test(url) && <audio controls src={url} style={{ maxWidth: '100%' }} />}
    </Stack>
  );
}
