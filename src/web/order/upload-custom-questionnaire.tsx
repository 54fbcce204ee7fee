import { useMutation } from '@apollo/client';
import { Anchor, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconPaperclip } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { PREFERRED_UPLOAD_EXTENSIONS } from '../../domain';
import { notifyError, notifySuccess } from '../app/apollo';
import { LiveStatus } from '../components/live-status';
import { SAVE_USER_QUESTIONNAIRE } from './questionnaire-documents';
import { customQuestionnaireFolder, uploadFile } from './upload-file';
import type { WizardOrder } from './use-order';

type UserQuestionnaire = WizardOrder['userQuestionnaires'][number];

/** "Upload My Own Questionnaire": send the customer's file and attach it to the questionnaire. */
export function UploadCustomQuestionnaire({
  oid,
  userQuestionnaire: uq,
  onUploaded,
}: {
  oid: string;
  userQuestionnaire: UserQuestionnaire;
  onUploaded: () => Promise<unknown>;
}) {
  const [save] = useMutation(SAVE_USER_QUESTIONNAIRE);
  const [progress, setProgress] = useState<number | null>(null);
  const resetRef = useRef<() => void>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    try {
      const { fileKey } = await uploadFile({
        folder: customQuestionnaireFolder(oid),
        file,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      // The server stores the signed key and derives the file's name and address from it.
      await save({ variables: { _id: uq._id, input: { customUpload: { fileKey } } } });
      await onUploaded();
      notifySuccess('Successfully uploaded your custom questionnaire');
    } catch (err) {
      notifyError(err);
    } finally {
      setProgress(null);
      // Lets the same file be picked again after a failure.
      resetRef.current?.();
    }
  };

  const uploading = progress !== null;
  return (
    <Stack gap="sm" py="xs" data-testid="custom-upload">
      <Text size="sm">
        Upload the questionnaire you would like our evaluators to use. Word, Excel or PDF files are preferred.
      </Text>
      {uq.customUpload && (
        <Group gap={6}>
          <IconPaperclip size={16} aria-hidden />
          <Anchor href={uq.customUpload.publicUrl} target="_blank" rel="noopener noreferrer" size="sm">
            {uq.customUpload.fileName}
          </Anchor>
        </Group>
      )}
      <LiveStatus text={uploading ? `Uploading... ${Math.round((progress ?? 0) / 10) * 10}%` : ''} />
      {uploading && (
        <Stack gap={4}>
          <Progress value={progress} animated aria-label="Upload progress" />
          <Text size="xs" c="dimmed" aria-hidden>
            Uploading... {progress}%
          </Text>
        </Stack>
      )}
      <Group>
        <FileButton
          onChange={upload}
          resetRef={resetRef}
          accept={PREFERRED_UPLOAD_EXTENSIONS.join(',')}
          disabled={uploading}
        >
          {(props) => (
            <Button {...props} leftSection={<IconFileUpload size={16} aria-hidden />} loading={uploading}>
              {uq.customUpload ? 'Replace File' : 'Upload Questionnaire'}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
