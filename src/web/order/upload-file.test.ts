import { describe, expect, it, vi } from 'vitest';
import {
  customQuestionnaireFolder,
  signUpload,
  UploadError,
  uploadContentType,
  uploadSizeError,
} from './upload-file';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('signUpload', () => {
  it('asks /s3/sign for the file name, type and size, with the folder in a header', async () => {
    const signed = {
      uploadUrl: '/s3/upload?key=k',
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      fileKey: 'customQuestionnaires/o1/ab_q.pdf',
      publicUrl: '/s3/uploads/customQuestionnaires/o1/ab_q.pdf',
      fileName: 'q.pdf',
      maxBytes: 100,
    };
    const fetcher = vi.fn(async () => json(200, signed));
    const result = await signUpload(
      'customQuestionnaires/o1',
      { name: 'q.pdf', type: 'application/pdf', size: 42 },
      fetcher,
    );
    expect(result).toEqual(signed);
    expect(fetcher).toHaveBeenCalledWith('/s3/sign?fileName=q.pdf&contentType=application%2Fpdf&size=42', {
      headers: { folder: 'customQuestionnaires/o1' },
      credentials: 'same-origin',
    });
  });

  it("passes on the server's reason when signing is refused", async () => {
    const fetcher = vi.fn(async () => json(403, { error: 'Not Authorized' }));
    await expect(
      signUpload('customQuestionnaires/o1', { name: 'q.pdf', type: '', size: 1 }, fetcher),
    ).rejects.toEqual(new UploadError('Not Authorized'));
  });
});

describe('upload rules', () => {
  it('stores custom questionnaires in the order folder', () => {
    expect(customQuestionnaireFolder('o1')).toBe('customQuestionnaires/o1');
  });
  it('sends files of unknown type as plain bytes', () => {
    expect(uploadContentType({ type: '' })).toBe('application/octet-stream');
    expect(uploadContentType({ type: 'application/pdf' })).toBe('application/pdf');
  });
  it('refuses empty and too large files', () => {
    expect(uploadSizeError({ size: 0 }, { maxBytes: 10 })).toBe('The file is empty.');
    expect(uploadSizeError({ size: 30 * 1024 * 1024 }, { maxBytes: 20 * 1024 * 1024 })).toBe(
      'The file is too large: the limit is 20 MB.',
    );
    expect(uploadSizeError({ size: 5 }, { maxBytes: 10 })).toBeNull();
  });
});
