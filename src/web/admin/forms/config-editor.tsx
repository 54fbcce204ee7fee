import { Group, NumberInput, Switch, Textarea } from '@mantine/core';
import type { ElementConfig, FormElement } from '../../../evaluation';
import { hasContent, hasLengths } from '../../evaluation';
import { updateConfig } from './element-edits';

const toNumber = (v: number | string) => (typeof v === 'number' ? v : null);

/** The config fields of the element's type: min/max, lengths, remark content, promoter score. */
export function ConfigEditor(props: { element: FormElement; onChange: (element: FormElement) => void }) {
  const { element, onChange } = props;
  const set = (patch: Partial<ElementConfig>) => onChange(updateConfig(element, patch));
  const { config } = element;
  if (element.typeId === 'number') {
    const minAboveMax = config.min != null && config.max != null && config.min > config.max;
    return (
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label="Minimum"
          value={config.min ?? ''}
          onChange={(v) => set({ min: toNumber(v) })}
          w={130}
        />
        <NumberInput
          label="Maximum"
          value={config.max ?? ''}
          onChange={(v) => set({ max: toNumber(v) })}
          error={minAboveMax ? 'Below the minimum' : undefined}
          w={130}
        />
        <Switch
          label="Net Promoter Score question"
          checked={config.isPromoterScore ?? false}
          onChange={(e) => set({ isPromoterScore: e.currentTarget.checked || null })}
          mb={8}
        />
      </Group>
    );
  }
  if (hasLengths(element.typeId)) {
    return (
      <Group gap="sm" wrap="wrap">
        <NumberInput
          label="Minimum length"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={config.minLength ?? ''}
          onChange={(v) => set({ minLength: toNumber(v) })}
          w={150}
        />
        <NumberInput
          label="Maximum length"
          description="0 or empty: no limit"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={config.maxLength ?? ''}
          onChange={(v) => set({ maxLength: toNumber(v) })}
          w={150}
        />
      </Group>
    );
  }
  if (hasContent(element.typeId)) {
    return (
      <Textarea
        label={element.typeId === 'remark' ? 'Remark text' : 'Embedded content (text or a link)'}
        autosize
        minRows={2}
        value={config.content ?? ''}
        onChange={(e) => set({ content: e.currentTarget.value })}
      />
    );
  }
  return null;
}
