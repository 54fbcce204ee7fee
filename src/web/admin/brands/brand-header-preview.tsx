import { Box, Group, Image, Text } from '@mantine/core';
import { DEFAULT_COLORS } from './brand-form-values';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = (value: string | null | undefined, fallback: string) =>
  value && HEX.test(value.trim()) ? value.trim() : fallback;

export interface PreviewColours {
  name: string;
  logoUrl?: string | null;
  primaryColor?: string | null;
  secondaryColor?: string | null;
  headerTextColor?: string | null;
  footerLinkTextColor?: string | null;
}

/** A small storefront header and footer in the colours being edited (invalid colours show the default). */
export function BrandHeaderPreview(props: PreviewColours) {
  const header = colour(props.headerTextColor, DEFAULT_COLORS.headerTextColor);
  const footer = colour(props.footerLinkTextColor, DEFAULT_COLORS.footerLinkTextColor);
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
        style={{ background: colour(props.primaryColor, DEFAULT_COLORS.primaryColor), color: header }}
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
        style={{ background: colour(props.secondaryColor, DEFAULT_COLORS.secondaryColor), color: footer }}
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
