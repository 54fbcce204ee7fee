import { Grid, Select, Switch, TextInput } from '@mantine/core';
import {
  EDITABILITY,
  type Editability,
  type FormElement,
  REPORTABILITY,
  type Reportability,
} from '../../../evaluation';

const EDITABILITY_LABEL: Record<Editability, string> = {
  all: 'Everyone',
  internal: 'Employees and proofers',
  employee: 'Employees only',
};

const REPORTABILITY_LABEL: Record<Reportability, string> = {
  visibility: 'When visible',
  always: 'Always',
  never: 'Never',
};

/** Display number, who may edit, when it shows in the report, and an internal name. */
export function ElementSettings(props: { element: FormElement; onChange: (element: FormElement) => void }) {
  const { element, onChange } = props;
  return (
    <Grid gutter="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label="Who can answer"
          data={EDITABILITY.map((v) => ({ value: v, label: EDITABILITY_LABEL[v] }))}
          value={element.editability}
          allowDeselect={false}
          onChange={(v) => v && onChange({ ...element, editability: v as Editability })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label="Shown in the report"
          data={REPORTABILITY.map((v) => ({ value: v, label: REPORTABILITY_LABEL[v] }))}
          value={element.reportability}
          allowDeselect={false}
          onChange={(v) => v && onChange({ ...element, reportability: v as Reportability })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Internal name"
          description="Optional; for exports and reports"
          value={element.name}
          onChange={(e) => onChange({ ...element, name: e.currentTarget.value })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Switch
          mt={{ base: 0, sm: 30 }}
          label="Show a question number"
          checked={element.displayNumber}
          disabled={element.typeId === 'remark'}
          onChange={(e) => onChange({ ...element, displayNumber: e.currentTarget.checked })}
        />
      </Grid.Col>
    </Grid>
  );
}
