import { describe, expect, it } from 'vitest';
import {
  bannerText,
  OFFLINE_PHOTO,
  type PendingSave,
  photoIdsOf,
  retryDelay,
  sendFailure,
  withPending,
} from './outbox-logic';

const save = (
  seq: number,
  answers: Record<string, unknown>,
  currentSectionId: string | null = null,
): PendingSave => ({
  seq,
  evaluationId: 'e1',
  answers,
  currentSectionId,
  photoTakenAt: {},
});

describe('withPending', () => {
  const doc = { answers: { a: 'yes', b: 3 }, metadata: { currentSectionId: 's1' }, proofingComments: {} };

  it('is the snapshot itself when nothing waits', () => {
    expect(withPending(doc, [])).toBe(doc);
  });

  it('lays the saves over the snapshot in their order, whatever order they come in', () => {
    const merged = withPending(doc, [save(2, { a: 'no' }, 's2'), save(1, { a: 'maybe', c: 'x' }, 's3')]);
    expect(merged).toEqual({
      answers: { a: 'no', b: 3, c: 'x' },
      metadata: { currentSectionId: 's2' },
      proofingComments: {},
    });
    expect(doc.answers).toEqual({ a: 'yes', b: 3 });
  });

  it('clears an answer a save sets to null and keeps the section when a save names none', () => {
    expect(withPending(doc, [save(1, { b: null })])).toEqual({
      answers: { a: 'yes' },
      metadata: { currentSectionId: 's1' },
      proofingComments: {},
    });
  });
});

describe('sendFailure', () => {
  it.each([
    ['no answer from the server', { networkError: new TypeError('Failed to fetch') }, { kind: 'network' }],
    ['a fetch TypeError', new TypeError('Failed to fetch'), { kind: 'network' }],
    [
      'a stale version',
      {
        graphQLErrors: [
          {
            message: 'Changed elsewhere.',
            extensions: { code: 'CONFLICT', fields: [{ field: 'baseVersion' }] },
          },
        ],
      },
      { kind: 'conflict', message: 'Changed elsewhere.' },
    ],
    [
      'an evaluation no longer held',
      {
        graphQLErrors: [
          {
            message: 'This evaluation can no longer be changed.',
            extensions: { code: 'CONFLICT', fields: [{ field: '_id' }] },
          },
        ],
      },
      { kind: 'refused', message: 'This evaluation can no longer be changed.' },
    ],
    [
      'another shopper',
      { graphQLErrors: [{ message: 'Not Authorized' }] },
      { kind: 'refused', message: 'Not Authorized' },
    ],
  ])('reads %s', (_label, err, expected) => {
    expect(sendFailure(err)).toEqual(expected);
  });
});

describe('the rest', () => {
  it('finds the photos waiting on the phone', () => {
    expect(
      photoIdsOf({ a: `${OFFLINE_PHOTO}p1`, b: '/s3/uploads/x.png', c: 3, d: `${OFFLINE_PHOTO}p2` }),
    ).toEqual(['p1', 'p2']);
  });

  it('waits 1 s doubling to 30 s between tries', () => {
    expect([1, 2, 3, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
  });

  it('words the banner', () => {
    expect(bannerText({ online: false, waiting: 3 })).toBe('Offline: 3 changes waiting');
    expect(bannerText({ online: false, waiting: 1 })).toBe('Offline: 1 change waiting');
    expect(bannerText({ online: true, waiting: 0 })).toBe('All changes saved');
    expect(bannerText({ online: true, waiting: 2 })).toBe('Saving: 2 changes waiting');
  });
});
