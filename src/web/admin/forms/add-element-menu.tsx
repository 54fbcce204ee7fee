import { Button, Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CREATABLE_ELEMENT_TYPES, ELEMENT_TYPES, type ElementType } from '../../../evaluation';
import { ELEMENT_TYPE_ICON, ELEMENT_TYPE_LABEL } from '../../evaluation';

const creatable = new Set(CREATABLE_ELEMENT_TYPES.map((t) => t.typeId));

/** 'Add question': the creatable types first, then every other type of the spec. */
export function AddElementMenu({ onAdd }: { onAdd: (typeId: ElementType) => void }) {
  const item = (typeId: ElementType, label: string) => {
    const Icon = ELEMENT_TYPE_ICON[typeId];
    return (
      <Menu.Item key={typeId} leftSection={<Icon size={16} />} onClick={() => onAdd(typeId)}>
        {label}
      </Menu.Item>
    );
  };
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} />}>
          Add question
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Question types</Menu.Label>
        {CREATABLE_ELEMENT_TYPES.map((t) => item(t.typeId, t.label))}
        <Menu.Divider />
        <Menu.Label>More types</Menu.Label>
        {ELEMENT_TYPES.filter((t) => !creatable.has(t)).map((t) => item(t, ELEMENT_TYPE_LABEL[t]))}
      </Menu.Dropdown>
    </Menu>
  );
}
