import { describe, expect, it } from 'vitest';
import { nextSection, previousSection } from './navigate-sections';
import { element, evaluation, form } from './testing/factories';

const f = form([element('a', 'text')], [element('b', 'text')], []);

describe('section navigation', () => {
  it('moves to the next section and records the furthest one', () => {
    const e = nextSection(evaluation(f));
    expect(e.metadata).toMatchObject({
      currentSectionId: 's2',
      currentElementId: 'b',
      furthestSectionIndex: 1,
    });
  });

  it('stays on the last section when moving next', () => {
    const last = nextSection(nextSection(evaluation(f)));
    expect(last.metadata.currentSectionId).toBe('s3');
    expect(last.metadata.currentElementId).toBeNull();
    expect(nextSection(last)).toBe(last);
  });

  it('moves back without lowering the furthest section', () => {
    const e = previousSection(nextSection(nextSection(evaluation(f))));
    expect(e.metadata).toMatchObject({ currentSectionId: 's2', furthestSectionIndex: 2 });
  });

  it('stays on the first section when moving previous', () => {
    const first = evaluation(f);
    expect(previousSection(first)).toBe(first);
  });

  it('leaves a form without sections where it is', () => {
    const empty = evaluation(form());
    expect(nextSection(empty)).toBe(empty);
    expect(previousSection(empty)).toBe(empty);
  });
});
