import { describe, expect, it } from 'vitest';
import { fileLinkWindow, isPublicUploadKey, isStrippedPhotoType, uploadProblem } from './upload-rules';

const MB = 1024 * 1024;

describe('uploadProblem', () => {
  it.each([
    ['evaluations/e1', 'image/jpeg', 5 * MB, null],
    ['evaluations/e1', 'audio/mpeg', 5 * MB, null],
    ['evaluations/e1', 'text/html', 10, 'contentType'],
    ['evaluations/e1', 'application/pdf', 10, 'contentType'],
    ['evaluations/e1', 'image/jpeg', 20 * MB + 1, 'size'],
    ['actionPlans/p1', 'audio/mpeg', 10, 'contentType'],
    ['actionPlans/p1', 'IMAGE/PNG; charset=x', 10, null],
    ['customQuestionnaires/o1', 'application/pdf', 20 * MB, null],
    ['customQuestionnaires/o1', 'text/html', 10, 'contentType'],
    ['customQuestionnaires/o1', 'image/svg+xml', 10, 'contentType'],
    ['brands/b1', 'image/x-icon', 2 * MB, null],
    ['brands/b1', 'image/png', 2 * MB + 1, 'size'],
    ['brands/b1', 'image/png', 0, 'size'],
    ['secrets/x', 'image/png', 10, 'contentType'],
  ])('%s takes %s of %i bytes: %s', (folder, contentType, size, field) => {
    expect(uploadProblem(folder, { contentType, size })?.field ?? null).toBe(field);
  });
});

describe('which uploads are public and which are stripped', () => {
  it('keeps only brand images public', () => {
    expect(isPublicUploadKey('brands/b1/Ab_logo.png')).toBe(true);
    for (const key of [
      'evaluations/e1/Ab_a.jpg',
      'actionPlans/p/Ab_a.jpg',
      'customQuestionnaires/o/Ab_q.pdf',
      'brands/../x',
    ])
      expect(isPublicUploadKey(key), key).toBe(false);
  });
  it('strips the photo types', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif'].every(isStrippedPhotoType)).toBe(true);
    expect(isStrippedPhotoType('image/x-icon')).toBe(false);
    expect(isStrippedPhotoType('audio/mpeg')).toBe(false);
  });
});

describe('fileLinkWindow', () => {
  it('signs for the quarter hour and expires an hour after it ends', () => {
    const at = Date.parse('2026-11-28T10:07:30Z');
    expect(fileLinkWindow(at)).toEqual({
      signedAt: Date.parse('2026-11-28T10:00:00Z') / 1000,
      expires: Date.parse('2026-11-28T11:15:00Z') / 1000,
    });
    // The same URL within the quarter hour, a new one after it.
    expect(fileLinkWindow(Date.parse('2026-11-28T10:14:59Z'))).toEqual(fileLinkWindow(at));
    expect(fileLinkWindow(Date.parse('2026-11-28T10:15:00Z')).expires).toBe(
      Date.parse('2026-11-28T11:30:00Z') / 1000,
    );
  });
});
