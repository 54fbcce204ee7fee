import { createHash, createHmac } from 'node:crypto';
import { fileLinkWindow, isPublicUploadKey, isStrippedPhotoType } from '../../domain/index.js';
import { appUploadLinks, newUploadKey, type SignedUpload, type StorageAdapter } from './storage.js';

export type S3Options = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint such as MinIO (http://minio:9000); addressed path-style. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where brand images are read from (a CDN or public bucket URL); the bucket URL by default. */
  publicBaseUrl?: string | undefined;
  /** Signs links to the app's own upload route, which photos go through to lose their metadata. */
  appSecret: string;
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
  /** More query parameters to sign, e.g. response-cache-control for a GET. */
  query?: Record<string, string>;
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
    ...Object.entries(opts.query ?? {}),
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
 * S3 (or MinIO). Photos go through the app (its PUT /s3/upload strips their metadata, then `write`
 * puts them in the bucket), so no photo with its EXIF is ever stored. Other files (recordings,
 * documents) the browser PUTs straight to the bucket with a presigned URL that binds the key, the
 * content type, the exact content-length and a ten-minute expiry. The bucket needs a CORS rule allowing
 * PUT from the storefront's origins, and must be private except brands/* (see docs/storage.md):
 * readers get presigned GETs that work for about an hour.
 */
export function s3Storage(opts: S3Options): StorageAdapter {
  const now = opts.now ?? (() => new Date());
  const origin = s3UploadOrigin(opts);
  const prefix = opts.endpoint ? `/${opts.bucket}` : '';
  const bucketUrl = `${origin}${prefix}`;
  const publicBase = (opts.publicBaseUrl ?? bucketUrl).replace(/\/+$/, '');
  const uploads = appUploadLinks(opts.appSecret, () => now().getTime());
  const presign = (
    o: Pick<Parameters<typeof presignUrl>[0], 'method' | 'date' | 'expiresSeconds' | 'headers' | 'query'> & {
      key: string;
    },
  ) =>
    presignUrl({
      ...o,
      origin,
      path: `${prefix}/${o.key}`,
      region: opts.region,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
    });

  const publicUrl = (key: string) => {
    if (isPublicUploadKey(key)) return `${publicBase}/${key.split('/').map(uriEncode).join('/')}`;
    const { signedAt, expires } = fileLinkWindow(now().getTime());
    return presign({
      method: 'GET',
      key,
      date: new Date(signedAt * 1000),
      expiresSeconds: expires - signedAt,
      query: { 'response-cache-control': `private, max-age=${expires - signedAt}` },
    });
  };

  return {
    kind: 's3',
    publicUrl,
    async sign({ folder, fileName, contentType, size }): Promise<SignedUpload> {
      const made = newUploadKey(folder, fileName);
      const base = {
        method: 'PUT' as const,
        fileKey: made.fileKey,
        fileName: made.fileName,
        publicUrl: publicUrl(made.fileKey),
      };
      if (isStrippedPhotoType(contentType))
        return { ...base, ...uploads.link(made.fileKey, contentType, size) };
      const uploadUrl = presign({
        method: 'PUT',
        key: made.fileKey,
        date: now(),
        expiresSeconds: UPLOAD_EXPIRES_SECONDS,
        headers: { 'content-type': contentType, 'content-length': String(size) },
      });
      return { ...base, uploadUrl, headers: { 'content-type': contentType } };
    },
    async write(key, body, contentType) {
      const url = presign({
        method: 'PUT',
        key,
        date: now(),
        expiresSeconds: 60,
        headers: { 'content-type': contentType, 'content-length': String(body.length) },
      });
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
    async read(key) {
      const url = presign({ method: 'GET', key, date: now(), expiresSeconds: 60, headers: {} });
      const res = await fetch(url);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
