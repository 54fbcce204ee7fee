import { createHash, createHmac } from 'node:crypto';
import { originalFileName } from '../../domain/index.js';
import { newId } from '../db/ids.js';
import { type SignedUpload, type StorageAdapter, safeFileName } from './storage.js';

export type S3Options = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint such as MinIO (http://minio:9000); addressed path-style. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where uploaded files are read from (a CDN or public bucket URL); the bucket URL by default. */
  publicBaseUrl?: string | undefined;
  /** The clock, for tests. */
  now?: () => Date;
};

/** Upload links live ten minutes, as the local adapter's do. */
export const UPLOAD_EXPIRES_SECONDS = 600;

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * AWS Signature Version 4 with the authentication in the query string (a presigned URL). `path` is the
 * unencoded object path ("/bucket/key" or "/key"); `headers` are the headers the client must send
 * as signed (host is added from the origin). The payload is UNSIGNED-PAYLOAD, as S3 allows for
 * presigned URLs.
 */
export function presignUrl(opts: {
  method: string;
  origin: string;
  path: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
  expiresSeconds: number;
  headers?: Record<string, string>;
}): string {
  const origin = new URL(opts.origin);
  const service = opts.service ?? 's3';
  const amzDate = opts.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${opts.region}/${service}/aws4_request`;

  const headers = new Map<string, string>([['host', origin.host]]);
  for (const [name, value] of Object.entries(opts.headers ?? {})) {
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const headerNames = [...headers.keys()].sort();
  const signedHeaders = headerNames.join(';');

  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${opts.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(opts.expiresSeconds)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ];
  const canonicalQuery = query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalUri = opts.path.split('/').map(uriEncode).join('/');

  const canonicalRequest = [
    opts.method,
    canonicalUri,
    canonicalQuery,
    headerNames.map((n) => `${n}:${headers.get(n)}\n`).join(''),
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), opts.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${origin.origin}${canonicalUri}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

/** Where browsers PUT uploads: path-style for custom endpoints (MinIO has no per-bucket hostnames), virtual-hosted on AWS. */
export function s3UploadOrigin(opts: Pick<S3Options, 'bucket' | 'region' | 'endpoint'>): string {
  return opts.endpoint
    ? new URL(opts.endpoint).origin
    : `https://${opts.bucket}.s3.${opts.region}.amazonaws.com`;
}

/**
 * S3 (or MinIO): the browser PUTs the file straight to the bucket with a presigned URL that binds the
 * key, the content type and a ten-minute expiry. The bucket needs a CORS rule allowing PUT from the
 * storefront's origins.
 */
export function s3Storage(opts: S3Options): StorageAdapter {
  const now = opts.now ?? (() => new Date());
  const origin = s3UploadOrigin(opts);
  const prefix = opts.endpoint ? `/${opts.bucket}` : '';
  const bucketUrl = `${origin}${prefix}`;
  const publicBase = (opts.publicBaseUrl ?? bucketUrl).replace(/\/+$/, '');

  const publicUrl = (key: string) => `${publicBase}/${key.split('/').map(uriEncode).join('/')}`;

  return {
    kind: 's3',
    publicUrl,
    async sign({ folder, fileName, contentType }): Promise<SignedUpload> {
      const stored = `${newId(12)}_${safeFileName(fileName)}`;
      const fileKey = `${folder}/${stored}`;
      const uploadUrl = presignUrl({
        method: 'PUT',
        origin,
        path: `${prefix}/${fileKey}`,
        region: opts.region,
        accessKeyId: opts.accessKeyId,
        secretAccessKey: opts.secretAccessKey,
        date: now(),
        expiresSeconds: UPLOAD_EXPIRES_SECONDS,
        headers: { 'content-type': contentType },
      });
      return {
        uploadUrl,
        method: 'PUT',
        headers: { 'content-type': contentType },
        fileKey,
        publicUrl: publicUrl(fileKey),
        fileName: originalFileName(stored),
      };
    },
  };
}
