import { describe, expect, it } from 'vitest';
import type { Form } from '../../evaluation/index.js';
import { fileAnswersToKeys, fileAnswersToUrls } from './file-answers.js';

// Pure: no database. The form only needs its element ids and types.
const form = {
  sections: [
    {
      localId: 's1',
      elements: [
        { localId: 'photo', typeId: 'imageupload' },
        { localId: 'call', typeId: 'phonerecording' },
        { localId: 'note', typeId: 'text' },
      ],
    },
  ],
} as unknown as Form;
const FOLDER = 'evaluations/e1';
const url = (key: string) => `/s3/uploads/${key}`;

describe('fileAnswersToKeys', () => {
  it('turns references into keys, keeps other answers and a recording’s other fields', () => {
    const res = fileAnswersToKeys(
      form,
      {
        photo: '/s3/uploads/evaluations/e1/Ab_p.png',
        call: { recordingURL: 'evaluations/e1/Cd_c.mp3', durationSeconds: 42 },
        note: 'https://anything.example is just text here',
      },
      FOLDER,
      url,
    );
    expect(res.errors).toEqual([]);
    expect(res.answers).toEqual({
      photo: 'evaluations/e1/Ab_p.png',
      call: { recordingURL: 'evaluations/e1/Cd_c.mp3', durationSeconds: 42 },
      note: 'https://anything.example is just text here',
    });
  });

  it('lets a file answer be cleared', () => {
    const res = fileAnswersToKeys(form, { photo: null, call: { recordingURL: null }, note: '' }, FOLDER, url);
    expect(res).toEqual({ answers: { photo: null, call: { recordingURL: null }, note: '' }, errors: [] });
  });

  it('leaves out and names a reference outside the folder', () => {
    const res = fileAnswersToKeys(
      form,
      { photo: 'evaluations/e2/Ab_p.png', call: 'https://evil.example/c.mp3', note: 'ok' },
      FOLDER,
      url,
    );
    expect(res.answers).toEqual({ note: 'ok' });
    expect(res.errors).toEqual([
      { field: 'answers.photo', message: 'The image must be uploaded for this evaluation.' },
      { field: 'answers.call', message: 'The recording must be uploaded for this evaluation.' },
    ]);
  });

  it('takes no file in a public survey response (no folder)', () => {
    const res = fileAnswersToKeys(form, { photo: 'evaluations/e1/Ab_p.png' }, null, url);
    expect(res.errors).toEqual([
      { field: 'answers.photo', message: 'Files cannot be attached to a survey response.' },
    ]);
  });
});

describe('fileAnswersToUrls', () => {
  it('derives URLs from keys and drops references that are not the folder’s uploads', () => {
    expect(
      fileAnswersToUrls(
        form,
        {
          photo: 'evaluations/e1/Ab_p.png',
          call: { recordingURL: 'javascript:alert(1)' },
          note: 'javascript:alert(1) as text',
        },
        FOLDER,
        url,
      ),
    ).toEqual({ photo: '/s3/uploads/evaluations/e1/Ab_p.png', note: 'javascript:alert(1) as text' });
  });
});
