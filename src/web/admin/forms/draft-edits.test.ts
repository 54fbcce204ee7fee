import { describe, expect, it } from 'vitest';
import { type Form, newForm, parseForm } from '../../../evaluation';
import {
  addElement,
  addSection,
  conditionsReading,
  duplicateElement,
  moveElement,
  moveElementToSection,
  moveSection,
  nextId,
  removeElement,
  removeSection,
  updateElement,
} from './draft-edits';
import { addCondition, addOption, addScoreRange, updateCondition, updateConfig } from './element-edits';

let n = 0;
const start = () => newForm('Visit', () => `id${++n}`);

/** A new form with one element of the type in its section. */
function withElement(typeId: Parameters<typeof addElement>[2]): [Form, string] {
  const form = start();
  return addElement(form, form.sections[0]!.localId, typeId);
}

/** A form with a choice question e1 in the first section and a follow-up e2 shown when e1 is 'o2'. */
function withFollowUp(): Form {
  const [first, q1] = withElement('choice');
  const [form, q2] = addElement(first, first.sections[0]!.localId, 'narrative');
  return updateElement(form, q2, (e) => {
    const withCondition = addCondition(
      { ...e, visible: { when: 'when-all', conditions: [] } },
      'visible',
      q1,
    );
    return updateCondition(withCondition, 'visible', 0, { value: 'o2' });
  });
}

describe('draft edits', () => {
  it('numbers new ids above every id already used with the prefix', () => {
    expect(nextId('e', ['e1', 'e7', 'x9', 'e2'])).toBe('e8');
    expect(nextId('e', [])).toBe('e1');
  });

  it('adds sections and elements the engine accepts', () => {
    const [withSection, sectionId] = addSection(start());
    const [form] = addElement(withSection, sectionId, 'multichoice');
    expect(form.sections.map((s) => s.name)).toEqual(['Default Section', 'Section 2']);
    expect(form.sections[1]!.elements[0]).toMatchObject({ typeId: 'multichoice', options: [{}, {}] });
    expect(parseForm(form).ok).toBe(true);
  });

  it('leaves the original form unchanged (forms are values)', () => {
    const form = start();
    const before = JSON.stringify(form);
    addElement(form, form.sections[0]!.localId, 'text');
    addSection(form);
    expect(JSON.stringify(form)).toBe(before);
  });

  it('reorders elements and sections and moves an element to another section', () => {
    const form = withFollowUp();
    const [ids0] = [form.sections[0]!.elements.map((e) => e.localId)];
    const swapped = moveElement(form, ids0[1]!, -1);
    expect(swapped.sections[0]!.elements.map((e) => e.localId)).toEqual([ids0[1], ids0[0]]);
    const [twoSections, s2] = addSection(form);
    const moved = moveElementToSection(twoSections, ids0[1]!, s2);
    expect(moved.sections[1]!.elements.map((e) => e.localId)).toEqual([ids0[1]]);
    expect(moveSection(moved, s2, -1).sections[0]!.localId).toBe(s2);
  });

  it('removes the conditions that read a removed question, and shows what they guarded', () => {
    const form = withFollowUp();
    const [q1, q2] = form.sections[0]!.elements.map((e) => e.localId);
    expect(conditionsReading(form, q1!)).toBe(1);
    const without = removeElement(form, q1!);
    const followUp = without.sections[0]!.elements.find((e) => e.localId === q2)!;
    expect(followUp.visible).toEqual({ when: 'always', conditions: [] });
    expect(parseForm(without).ok).toBe(true);
  });

  it('removes a section with its elements and the conditions on them', () => {
    const form = withFollowUp();
    const [q1] = form.sections[0]!.elements.map((e) => e.localId);
    const [twoSections, s2] = addSection(form);
    const after = removeSection(moveElementToSection(twoSections, q1!, s2), s2);
    expect(after.sections).toHaveLength(1);
    expect(parseForm(after).ok).toBe(true);
  });

  it('duplicates an element right after it with a new id', () => {
    const form = withFollowUp();
    const q1 = form.sections[0]!.elements[0]!.localId;
    const [copy, id] = duplicateElement(form, q1);
    expect(copy.sections[0]!.elements.map((e) => e.localId)).toEqual([q1, id, 'e2']);
    expect(parseForm(copy).ok).toBe(true);
  });

  it('edits options, score ranges and config', () => {
    const [form, id] = withElement('number');
    const updated = updateElement(form, id, (e) =>
      updateConfig(addScoreRange(addScoreRange(addOption(e))), { min: 0, max: 10, isPromoterScore: null }),
    );
    const element = updated.sections[0]!.elements[0]!;
    expect(element.scoreRanges.map((r) => [r.lowerValue, r.upperValue])).toEqual([
      [0, 10],
      [11, 21],
    ]);
    expect(element.config).toEqual({ min: 0, max: 10 });
  });
});
