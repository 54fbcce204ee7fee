import { Button, ColorSwatch, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { AA_TEXT_CONTRAST, contrastCheck, formatContrastRatio } from '../../../domain';

/** Level with the first line of the text beside it. */
const ICON_STYLE = { flexShrink: 0, marginTop: 1 } as const;

/**
 * The WCAG contrast of one text colour on one brand colour, as the admin picks them: 'passes AA', or
 * a warning with the nearest colour that passes (which the storefront shows instead) and a button to
 * use it. Nothing while either colour is not yet a hex colour. A polite live region, so the new ratio
 * is read out as the admin types.
 */
export function ContrastCheck({
  pair,
  foreground,
  background,
  onUse,
}: {
  /** What sits on what, e.g. 'Header text on primary'. */
  pair: string;
  foreground: string | null;
  background: string | null;
  /** Sets the text colour to the suggestion; without it the suggestion is only shown. */
  onUse?: (colour: string) => void;
}) {
  const check = foreground && background ? contrastCheck(foreground, background) : null;
  const testId = `contrast-${pair.toLowerCase().replaceAll(' ', '-')}`;
  if (!check) return <div role="status" data-testid={testId} />;
  const ratio = formatContrastRatio(check.ratio);
  if (check.ok) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" role="status" data-testid={testId}>
        <IconCircleCheck size={18} color="var(--mantine-color-teal-9)" aria-hidden style={ICON_STYLE} />
        <Text size="sm">
          {pair}: contrast {ratio} — passes AA
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" data-testid={testId}>
      <IconAlertTriangle size={18} color="var(--mantine-color-red-9)" aria-hidden style={ICON_STYLE} />
      <div>
        <Text size="sm" c="red.9" fw={600}>
          {pair}: contrast {ratio} — below {AA_TEXT_CONTRAST}:1
        </Text>
        {check.suggestion && (
          <Group gap={6} mt={4}>
            <ColorSwatch color={check.suggestion} size={16} aria-hidden />
            <Text size="sm">The storefront shows {check.suggestion} instead.</Text>
            {onUse && (
              <Button size="compact-sm" variant="default" onClick={() => onUse(check.suggestion as string)}>
                Use {check.suggestion}
              </Button>
            )}
          </Group>
        )}
      </div>
    </Group>
  );
}
