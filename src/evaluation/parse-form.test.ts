import { describe, expect, it } from 'vitest';
import { CREATABLE_ELEMENT_TYPES, ELEMENT_TYPES } from './form-schema';
import { DEFAULT_SECTION_NAME, newForm } from './new-form';
import { parseForm } from './parse-form';

function formJson(elements: unknown[], extra: Record<string, unknown> = {}) {
  return { name: 'F', sections: [{ name: 'S', localId: 's1', elements }], ...extra };
}

describe('newForm', () => {
  it('starts with one section named Default Section', () => {
    let n = 0;
    const form = newForm('Store visit', () => `id-${++n}`);
    expect(form.name).toBe('Store visit');
    expect(form.isActive).toBe(true);
    expect(form.sections).toHaveLength(1);
    expect(form.sections[0]).toMatchObject({ name: DEFAULT_SECTION_NAME, mode: 'entry', elements: [] });
    expect(DEFAULT_SECTION_NAME).toBe('Default Section');
  });

  it('gives the form and its section fresh ids by default', () => {
    const a = newForm('A');
    const b = newForm('A');
    expect(a.formGuid).not.toBe(b.formGuid);
    expect(parseForm(a).ok).toBe(true);
  });
});

describe('parseForm', () => {
  it('applies the spec defaults to a minimal form', () => {
    const result = parseForm(formJson([{ typeId: 'text', localId: 'e1' }]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const form = result.value;
    expect(form.isActive).toBe(true);
    expect(form.sections[0]?.mode).toBe('entry');
    expect(form.sections[0]?.elements[0]).toMatchObject({
      displayNumber: true,
      editability: 'all',
      reportability: 'visibility',
      visible: { when: 'always', conditions: [] },
      required: { when: 'never', conditions: [] },
      options: [],
      scoreRanges: [],
      config: {},
    });
  });

  it('turns numeric ids into strings', () => {
    const result = parseForm(
      formJson([{ typeId: 'choice', localId: 7, options: [{ localId: 1, prompt: 'Yes', score: 1 }] }]),
    );
    expect(result.ok && result.value.sections[0]?.elements[0]?.localId).toBe('7');
    expect(result.ok && result.value.sections[0]?.elements[0]?.options[0]?.localId).toBe('1');
  });

  it('accepts every element type of the spec', () => {
    const result = parseForm(formJson(ELEMENT_TYPES.map((typeId, i) => ({ typeId, localId: `e${i}` }))));
    expect(result.ok).toBe(true);
    expect(ELEMENT_TYPES).toHaveLength(13);
  });

  it('offers text, narrative, date, choice, remark and multichoice for creation', () => {
    expect(CREATABLE_ELEMENT_TYPES).toEqual([
      { typeId: 'text', label: 'Textbox' },
      { typeId: 'narrative', label: 'Narrative' },
      { typeId: 'date', label: 'Date' },
      { typeId: 'choice', label: 'Choice' },
      { typeId: 'remark', label: 'Remark' },
      { typeId: 'multichoice', label: 'Multiple Choice' },
    ]);
  });

  it.each([
    ['an unknown element type', [{ typeId: 'slider', localId: 'bad' }], 'invalid-form'],
    [
      'a non-numeric option score',
      [{ typeId: 'choice', localId: 'bad', options: [{ localId: 'o', score: 'x' }] }],
      'invalid-form',
    ],
    [
      'an unknown comparator',
      [
        {
          typeId: 'text',
          localId: 'bad',
          visible: {
            when: 'when-all',
            conditions: [{ sourceField: 'shopper-age', comparator: 'like', value: 1 }],
          },
        },
      ],
      'invalid-form',
    ],
    [
      'a duplicate element id',
      [
        { typeId: 'text', localId: 'ok' },
        { typeId: 'text', localId: 'bad' },
        { typeId: 'text', localId: 'bad' },
      ],
      'duplicate-id',
    ],
    [
      'a duplicate option id',
      [{ typeId: 'choice', localId: 'bad', options: [{ localId: 'o' }, { localId: 'o' }] }],
      'duplicate-id',
    ],
    [
      'a condition on a missing element',
      [
        {
          typeId: 'text',
          localId: 'bad',
          visible: {
            when: 'when-any',
            conditions: [
              { sourceField: 'question-option', sourceRef: 'ghost', comparator: 'eq', value: 'y' },
            ],
          },
        },
      ],
      'unknown-source-ref',
    ],
    [
      'a question condition without a source',
      [
        {
          typeId: 'text',
          localId: 'bad',
          required: {
            when: 'when-any',
            conditions: [{ sourceField: 'question-score', comparator: 'eq', value: 1 }],
          },
        },
      ],
      'unknown-source-ref',
    ],
    ['min above max', [{ typeId: 'number', localId: 'bad', config: { min: 5, max: 1 } }], 'invalid-config'],
    [
      'minLength above maxLength',
      [{ typeId: 'text', localId: 'bad', config: { minLength: 10, maxLength: 5 } }],
      'invalid-config',
    ],
    [
      'an upside-down score range',
      [{ typeId: 'number', localId: 'bad', scoreRanges: [{ lowerValue: 9, upperValue: 1, score: 1 }] }],
      'invalid-config',
    ],
  ])('rejects %s with a typed error naming the element', (_, elements, code) => {
    const result = parseForm(formJson(elements));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.elementId).toBe('bad');
    expect(result.error.sectionId).toBe('s1');
  });

  it('rejects a duplicate section id naming the section', () => {
    const result = parseForm({ sections: [{ localId: 'a' }, { localId: 'a' }] });
    expect(!result.ok && result.error).toMatchObject({
      code: 'duplicate-id',
      sectionId: 'a',
      elementId: null,
    });
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'form'],
    ['an array', []],
    ['sections that are not a list', { sections: 'x' }],
    ['a section without an id', { sections: [{ name: 'S' }] }],
  ])('returns an error, not an exception, for %s', (_, json) => {
    const result = parseForm(json);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('invalid-form');
  });

  it('returns an error when reading the input throws', () => {
    const hostile = {
      get sections(): never {
        throw new Error('boom');
      },
    };
    expect(parseForm(hostile)).toMatchObject({ ok: false, error: { code: 'invalid-form' } });
  });
});
