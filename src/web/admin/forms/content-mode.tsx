import { Grid } from '@mantine/core';
import type { EvaluationError, Form } from '../../../evaluation';
import { addSection } from './draft-edits';
import type { FormOutline } from './form-outline';
import { SectionEditor } from './section-editor';
import { SectionNav } from './section-nav';

const questions = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/** Content mode: the sections beside the selected section's editor. */
export function ContentMode(props: {
  outline: FormOutline;
  problem: EvaluationError | null;
  sectionId: string | null;
  onSelectSection: (sectionId: string) => void;
  open: ReadonlySet<string>;
  onToggle: (elementId: string, open?: boolean) => void;
  onChange: (form: Form) => void;
}) {
  const { outline, problem } = props;
  const form = outline.form;
  const index = Math.max(
    0,
    form.sections.findIndex((s) => s.localId === props.sectionId),
  );
  const section = form.sections[index];
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <SectionNav
          items={form.sections.map((s) => ({
            section: s,
            description: questions(s.elements.filter((e) => e.typeId !== 'remark').length),
            alert: problem?.sectionId === s.localId,
          }))}
          activeId={section?.localId ?? null}
          onSelect={props.onSelectSection}
          onAdd={() => {
            const [next, id] = addSection(form);
            props.onChange(next);
            props.onSelectSection(id);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        {section && (
          <SectionEditor
            key={section.localId}
            section={section}
            index={index}
            outline={outline}
            problem={problem}
            open={props.open}
            onToggle={props.onToggle}
            onChange={props.onChange}
            onSectionRemoved={() => {
              const neighbour = form.sections[index + 1] ?? form.sections[index - 1];
              if (neighbour) props.onSelectSection(neighbour.localId);
            }}
          />
        )}
      </Grid.Col>
    </Grid>
  );
}
