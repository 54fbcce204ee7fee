import { useMutation } from '@apollo/client';
import {
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifyError, notifySuccess } from '../../app/apollo';
import { LiveStatus } from '../../components/live-status';
import { UPDATE_BRAND } from './brand-documents';
import { type BrandImageField, brandToValues, type SavedBrand } from './brand-form-values';
import { IMAGE_SLOTS, type ImageSlot } from './brand-image-rules';
import { uploadBrandImage } from './brand-image-upload';

/** How each image is previewed (spec: logo 62px high, favicon 25x25). */
const PREVIEW: Record<BrandImageField, { h: number; w: number | 'auto' }> = {
  logoUrl: { h: 62, w: 'auto' },
  faviconUrl: { h: 25, w: 25 },
  brandTextImageUrl: { h: 62, w: 'auto' },
};

export const MSG_IMAGES_AFTER_SAVE =
  'The logo, favicon and brand text image can be uploaded once the brand has been saved.';

/** One image: its preview, and upload / replace / remove, each saved to the brand at once. */
function ImageSlotRow({
  brand,
  slot,
  readOnly,
  save,
}: {
  brand: SavedBrand;
  slot: ImageSlot;
  readOnly: boolean;
  save: (field: BrandImageField, fileKey: string | null) => Promise<void>;
}) {
  const url = brand[slot.field];
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = progress !== null;

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const fileKey = await uploadBrandImage({ brandId: brand._id, slot, file, onProgress: setProgress });
      await save(slot.field, fileKey);
    } catch (err) {
      setProblem(errorMessage(err));
      notifyError(err);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setProblem(null);
    try {
      await save(slot.field, null);
    } catch (err) {
      setProblem(errorMessage(err));
      notifyError(err);
    }
  };

  const preview = PREVIEW[slot.field];
  return (
    <Stack gap={6} data-testid={`brand-image-${slot.field}`}>
      <Text fw={600} size="sm">
        {slot.label}
      </Text>
      <Box
        // The logo sits on the header colour on the storefront; show it there.
        bg={url && slot.field === 'logoUrl' ? brand.primaryColor : 'gray.1'}
        p="sm"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          minHeight: 86,
          display: 'flex',
          alignItems: 'center',
        }}
      >
        {url ? (
          <Image src={url} alt={`${slot.label} preview`} h={preview.h} w={preview.w} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No {slot.label.toLowerCase()} yet
          </Text>
        )}
      </Box>
      <Text size="xs" c="dimmed">
        {slot.typesText}, up to 2 MB{slot.square ? ', square' : ''}.
      </Text>
      {!readOnly && (
        <Group gap="xs">
          <FileButton
            onChange={upload}
            accept={slot.types.join(',')}
            inputProps={{ 'aria-label': `${slot.label} file` }}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={busy}>
                {url ? `Replace ${slot.label}` : `Upload ${slot.label}`}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button size="xs" variant="subtle" color="red" onClick={remove} disabled={busy}>
              Remove {slot.label}
            </Button>
          )}
        </Group>
      )}
      {busy && (
        <Progress value={(progress ?? 0) * 100} size="sm" aria-label={`${slot.label} upload progress`} />
      )}
      <LiveStatus text={busy ? `Uploading ${slot.label.toLowerCase()}…` : ''} />
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The brand's images (edit page only: uploads go into the saved brand's folder). Each change is saved
 * straight away with the brand as last saved, so unsaved edits in the form above are left alone.
 */
export function BrandImages({ brand, readOnly }: { brand: SavedBrand; readOnly: boolean }) {
  const [updateBrand] = useMutation(UPDATE_BRAND);
  const save = async (field: BrandImageField, fileKey: string | null) => {
    await updateBrand({ variables: { id: brand._id, input: { ...brandToValues(brand), [field]: fileKey } } });
    notifySuccess('Successfully saved Brand');
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brand-images-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="brand-images-title">
          Images
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {IMAGE_SLOTS.map((slot) => (
            <ImageSlotRow key={slot.field} brand={brand} slot={slot} readOnly={readOnly} save={save} />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** On the add page: where the images will be. */
export function BrandImagesHint() {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brand-images-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="brand-images-title">
          Images
        </Title>
        <Text size="sm" c="dimmed">
          {MSG_IMAGES_AFTER_SAVE}
        </Text>
      </Stack>
    </Paper>
  );
}
