import { Button, FileButton, Group, Image, NumberInput, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TimespanAnswer } from '../../evaluation';
import { LiveStatus } from '../components/live-status';

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

/** A stored file's URL picked by `upload` (which returns the URL the answer holds), with Replace and Remove. */
function FileAnswerButtons(props: {
  noun: 'image' | 'recording';
  accept: string;
  icon: React.ReactNode;
  hasFile: boolean;
  upload: ((file: File) => Promise<string>) | undefined;
  onUploaded: (url: string) => void;
  onRemove: () => void;
  disabled: boolean;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | null) => {
    if (!file || !props.upload) return;
    setBusy(true);
    try {
      props.onUploaded(await props.upload(file));
    } catch (err) {
      props.onError(err instanceof Error ? err.message : `The ${props.noun} could not be uploaded.`);
    } finally {
      setBusy(false);
    }
  };
  // Read-only (not editable): the file only, no buttons.
  return (
    <Group gap="xs" display={props.disabled ? 'none' : undefined}>
      <LiveStatus text={busy ? `Uploading ${props.noun}…` : ''} />
      <FileButton onChange={pick} accept={props.accept} disabled={props.disabled || !props.upload}>
        {(p) => (
          <Button {...p} variant="default" leftSection={props.icon} loading={busy}>
            {props.hasFile ? `Replace ${props.noun}` : `Upload ${props.noun}`}
          </Button>
        )}
      </FileButton>
      {props.hasFile && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={props.disabled}
          onClick={props.onRemove}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

/** Picks an image and hands it to `upload`, which stores it and returns the URL the answer holds. */
export function ImageAnswerInput(props: {
  value: unknown;
  onChange: (url: string | null) => void;
  upload: ((file: File) => Promise<string>) | undefined;
  disabled: boolean;
  onError: (message: string) => void;
}) {
  const url = typeof props.value === 'string' && props.value ? props.value : null;
  return (
    <Stack gap="xs">
      {url && <Image src={url} alt="Uploaded image" maw={320} radius="sm" />}
      {props.disabled && !url && (
        <Text size="sm" c="dimmed">
          No image
        </Text>
      )}
      <FileAnswerButtons
        noun="image"
        accept="image/*"
        icon={<IconPhoto size={16} />}
        hasFile={!!url}
        upload={props.upload}
        onUploaded={props.onChange}
        onRemove={() => props.onChange(null)}
        disabled={props.disabled}
        onError={props.onError}
      />
    </Stack>
  );
}

/**
 * A phone recording: an audio file uploaded into the evaluation's folder (the server keeps only files
 * it signed there, never a typed-in address), with a player.
 */
export function RecordingAnswerInput(props: {
  value: unknown;
  onChange: (value: { recordingURL: string } | null) => void;
  upload: ((file: File) => Promise<string>) | undefined;
  disabled: boolean;
  onError: (message: string) => void;
}) {
  const url =
    typeof props.value === 'object' && props.value !== null
      ? ((props.value as { recordingURL?: unknown }).recordingURL as string | null)
      : null;
  return (
    <Stack gap="xs">
      {/* biome-ignore lint/a11y/useMediaCaption: recordings of calls have no captions. */}
      {url && <audio controls src={url} aria-label="Recording" style={{ maxWidth: '100%' }} />}
      {props.disabled && !url && (
        <Text size="sm" c="dimmed">
          No recording
        </Text>
      )}
      <FileAnswerButtons
        noun="recording"
        accept="audio/*"
        icon={<IconMicrophone size={16} />}
        hasFile={!!url}
        upload={props.upload}
        onUploaded={(recordingURL) => props.onChange({ recordingURL })}
        onRemove={() => props.onChange(null)}
        disabled={props.disabled}
        onError={props.onError}
      />
    </Stack>
  );
}
