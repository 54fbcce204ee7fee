import { Box, Group, Image, Text } from '@mantine/core';
import { brandTextColors } from '../../../domain';
import { type ColourField, DEFAULT_COLORS, fieldColour } from './brand-form-values';

const colour = (field: ColourField, value: string | null | undefined) =>
  fieldColour(field, value) ?? DEFAULT_COLORS[field];

export interface PreviewColours {
  name: string;
  logoUrl?: string | null;
  primaryColor?: string | null;
  secondaryColor?: string | null;
  headerTextColor?: string | null;
  footerLinkTextColor?: string | null;
}

/**
 * A small storefront header and footer in the colours being edited, with the text colours the
 * storefront will really use (an unreadable pick shows as its readable suggestion; invalid colours
 * show the default).
 */
export function BrandHeaderPreview(props: PreviewColours) {
  const primary = colour('primaryColor', props.primaryColor);
  const secondary = colour('secondaryColor', props.secondaryColor);
  const { header, footer } = brandTextColors({
    primaryColor: primary,
    secondaryColor: secondary,
    headerTextColor: colour('headerTextColor', props.headerTextColor),
    footerLinkTextColor: colour('footerLinkTextColor', props.footerLinkTextColor),
  });
  return (
    <Box
      role="img"
      aria-label="Preview of the storefront header and footer colours"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px="sm"
        py={8}
        data-testid="preview-header"
        style={{ background: primary, color: header }}
      >
        {props.logoUrl ? (
          <Image src={props.logoUrl} alt="" h={30} w="auto" fit="contain" />
        ) : (
          <Text fw={800} c={header} truncate>
            {props.name || 'Brand Name'}
          </Text>
        )}
        <Group gap="sm" wrap="nowrap" visibleFrom="xs">
          <Text size="sm" fw={600} c={header}>
            Client Login
          </Text>
          <Text size="sm" fw={600} c={header}>
            Evaluator Login
          </Text>
        </Group>
      </Group>
      <Box bg="white" px="sm" py="md">
        <Text size="sm" c="dimmed">
          Page content
        </Text>
      </Box>
      <Group
        gap="sm"
        px="sm"
        py={8}
        data-testid="preview-footer"
        style={{ background: secondary, color: footer }}
      >
        <Text size="xs" c={footer}>
          Privacy Policy
        </Text>
        <Text size="xs" c={footer}>
          Terms &amp; Conditions
        </Text>
      </Group>
    </Box>
  );
}
