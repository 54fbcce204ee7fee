import { uploadProblem } from '../../domain';

// The spec's upload flow: GET /s3/sign (header `folder`) signs the upload of a file of this type and
// exact size, the browser PUTs the file to the returned URL with the returned headers, and the file is
// then read from the URL the API gives (a short-lived signed link unless it is a brand image). What
// each folder takes is one rule (src/domain/upload-rules.ts), checked here first and by the server.

export interface SignedUpload {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  fileKey: string;
  publicUrl: string;
  fileName: string;
  maxBytes?: number;
}

export interface UploadedFile {
  fileKey: string;
  publicUrl: string;
  fileName: string;
}

/** A failed upload step, with a message fit to show the customer. */
export class UploadError extends Error {}

/** Custom questionnaires of an order are stored under customQuestionnaires/{oid}. */
export const customQuestionnaireFolder = (oid: string) => `customQuestionnaires/${oid}`;

/** The type the file is signed and sent with; unknown types go as plain bytes. */
export const uploadContentType = (file: { type: string }) => file.type || 'application/octet-stream';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Asks the server to sign an upload of `file` into `folder`. */
export async function signUpload(
  folder: string,
  file: { name: string; type: string; size: number },
  fetcher: typeof fetch = fetch,
  /** More query parameters, e.g. the `key` of an action plan's link for a report address. */
  extra: Record<string, string> = {},
): Promise<SignedUpload> {
  const query = new URLSearchParams({
    ...extra,
    fileName: file.name,
    contentType: uploadContentType(file),
    size: String(file.size),
  });
  let res: Response;
  try {
    res = await fetcher(`/s3/sign?${query}`, { headers: { folder }, credentials: 'same-origin' });
  } catch {
    throw new UploadError('The upload could not be started. Please check your connection and try again.');
  }
  const body = (await res.json().catch(() => ({}))) as Partial<SignedUpload> & { error?: string };
  if (!res.ok || !body.uploadUrl || !body.fileKey || !body.publicUrl) {
    throw new UploadError(body.error ?? `The upload could not be started (${res.status}).`);
  }
  return body as SignedUpload;
}

/** The reason a file cannot be sent under this signature, or null. */
export function uploadSizeError(
  file: { size: number },
  signed: Pick<SignedUpload, 'maxBytes'>,
): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (signed.maxBytes && file.size > signed.maxBytes) {
    return `The file is too large: the limit is ${megabytes(signed.maxBytes)}.`;
  }
  return null;
}

/** PUTs the file to the signed URL, reporting progress from 0 to 1 (XHR: fetch has no upload progress). */
export function putFile(
  signed: SignedUpload,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(signed.method ?? 'PUT', signed.uploadUrl);
    for (const [name, value] of Object.entries(signed.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `The upload failed (${xhr.status}).`;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: string }).error ?? message;
      } catch {
        // S3 answers in XML; keep the status message.
      }
      reject(new UploadError(message));
    };
    xhr.onerror = () =>
      reject(new UploadError('The upload failed. Please check your connection and try again.'));
    xhr.send(file);
  });
}

/**
 * Signs, checks the size and sends the file; resolves with its key (what the server stores: it
 * derives the public URL and file name from it), its public URL (for showing it) and its name.
 */
export async function uploadFile(options: {
  folder: string;
  file: File;
  onProgress: (fraction: number) => void;
  query?: Record<string, string>;
}): Promise<UploadedFile> {
  const problem = uploadProblem(options.folder, {
    contentType: uploadContentType(options.file),
    size: options.file.size,
  });
  if (problem) throw new UploadError(problem.message);
  const signed = await signUpload(options.folder, options.file, fetch, options.query);
  const sizeError = uploadSizeError(options.file, signed);
  if (sizeError) throw new UploadError(sizeError);
  await putFile(signed, options.file, options.onProgress);
  return { fileKey: signed.fileKey, publicUrl: signed.publicUrl, fileName: signed.fileName };
}
