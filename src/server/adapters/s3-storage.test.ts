import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { presignUrl, s3Storage } from './s3-storage.js';
import { type ReceivedRequest, type StandIn, type StandInReply, startStandIn } from './stand-in-server.js';

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('presignUrl (AWS Signature Version 4, query-string auth)', () => {
  it("reproduces the S3 documentation's presigned URL example", () => {
    // "Example: Presigned URL", Authenticating Requests: Using Query Parameters (AWS Signature Version 4).
    const url = presignUrl({
      method: 'GET',
      origin: 'https://examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      date: new Date('2013-05-24T00:00:00Z'),
      expiresSeconds: 86400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400' +
        '&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

/**
 * A stand-in S3 that checks presigned PUTs as S3 does, written independently of the signer under test:
 * it rebuilds the canonical request from what arrived (path, query, signed headers), recomputes the
 * signature with the secret it knows, checks the expiry, and stores the object.
 */
function fakeS3(secrets: Record<string, string>, clock: () => number) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const deny = (code: string): StandInReply => ({
    status: 403,
    text: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
  });
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const mac = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest();

  function route(req: ReceivedRequest): StandInReply {
    if (req.method !== 'PUT' && req.method !== 'GET') return { status: 405, text: 'MethodNotAllowed' };
    const q = req.query;
    const [akid, day, region, service, term] = (q.get('X-Amz-Credential') ?? '').split('/');
    const secret = secrets[akid ?? ''];
    if (!secret || q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return deny('InvalidAccessKeyId');
    const amzDate = q.get('X-Amz-Date') ?? '';
    const signedAt = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    if (clock() > signedAt + Number(q.get('X-Amz-Expires')) * 1000)
      return deny('AccessDenied: Request has expired');
    const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
    const canonicalQuery = [...q.entries()]
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .sort()
      .join('&');
    const canonical = [
      req.method,
      req.rawUrl.split('?')[0],
      canonicalQuery,
      signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join(''),
      signedHeaders.join(';'),
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const scope = `${day}/${region}/${service}/${term}`;
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
    const key = mac(mac(mac(mac(`AWS4${secret}`, day!), region!), service!), term!);
    if (createHmac('sha256', key).update(toSign).digest('hex') !== q.get('X-Amz-Signature')) {
      return deny('SignatureDoesNotMatch');
    }
    const path = decodeURIComponent(req.path);
    if (req.method === 'GET') {
      const object = objects.get(path);
      if (!object) return { status: 404, text: 'NoSuchKey' };
      const cacheControl = q.get('response-cache-control');
      return {
        status: 200,
        text: object.body.toString('utf8'),
        headers: {
          'content-type': object.contentType,
          ...(cacheControl ? { 'cache-control': cacheControl } : {}),
        },
      };
    }
    objects.set(path, { body: req.body, contentType: String(req.headers['content-type']) });
    return { status: 200, text: '', headers: { etag: '"etag"' } };
  }
  return { route, objects };
}

describe('s3 storage', () => {
  let stand: StandIn;
  let s3: ReturnType<typeof fakeS3>;
  let clock = Date.now();

  beforeAll(async () => {
    stand = await startStandIn((req) => s3.route(req));
  });
  afterAll(() => stand.close());
  beforeEach(() => {
    clock = Date.now();
    s3 = fakeS3({ [ACCESS_KEY]: SECRET_KEY }, () => clock);
    stand.requests.length = 0;
  });

  const minio = (overrides: Partial<Parameters<typeof s3Storage>[0]> = {}) =>
    s3Storage({
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: stand.url,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      appSecret: 'app-secret-for-tests-0123456789',
      ...overrides,
    });

  const put = (url: string, body: string, contentType: string) =>
    fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body });
  const recording = (size = 7) =>
    minio().sign({
      folder: 'evaluations/e1',
      fileName: 'My Call (final).mp3',
      contentType: 'audio/mpeg',
      size,
    });
  const pdf = (size = 1) =>
    minio().sign({
      folder: 'customQuestionnaires/o1',
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size,
    });

  it('signs a path-style PUT, bound to the type and exact size, that an S3-compatible endpoint accepts', async () => {
    const signed = await recording();
    expect(signed.fileKey).toMatch(/^evaluations\/e1\/[A-Za-z0-9]{12}_My-Call-final-.mp3$/);
    expect(signed.fileName).toBe('My-Call-final-.mp3');
    expect(signed.method).toBe('PUT');
    // The browser sends content-length by itself (it may not set it); the signature covers it.
    expect(signed.headers).toEqual({ 'content-type': 'audio/mpeg' });
    const url = new URL(signed.uploadUrl);
    expect(url.pathname).toBe(`/uploads/${signed.fileKey}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request$/,
    );

    const res = await put(signed.uploadUrl, 'MP3DATA', 'audio/mpeg');
    expect(res.status).toBe(200);
    expect(s3.objects.get(`/uploads/${signed.fileKey}`)).toEqual({
      body: Buffer.from('MP3DATA'),
      contentType: 'audio/mpeg',
    });
  });

  it('is refused when the upload is larger (or smaller) than the size it was signed for', async () => {
    const signed = await recording(7);
    for (const body of ['MP3DATA and a great deal more', 'MP3']) {
      const res = await put(signed.uploadUrl, body, 'audio/mpeg');
      expect(res.status, body).toBe(403);
      expect(await res.text()).toContain('SignatureDoesNotMatch');
    }
    expect(s3.objects.size).toBe(0);
  });

  it('is refused when the upload uses another content type than it was signed for', async () => {
    const signed = await pdf();
    const res = await put(signed.uploadUrl, 'x', 'text/html');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('SignatureDoesNotMatch');
    expect(s3.objects.size).toBe(0);
  });

  it('is refused when the key in the URL is changed', async () => {
    const signed = await pdf();
    const res = await put(signed.uploadUrl.replace('a.pdf', 'b.pdf'), 'x', 'application/pdf');
    expect(res.status).toBe(403);
  });

  it('is refused when signed with another secret', async () => {
    const signed = await minio({ secretAccessKey: 'not-the-secret' }).sign({
      folder: 'customQuestionnaires/o1',
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 1,
    });
    expect((await put(signed.uploadUrl, 'x', 'application/pdf')).status).toBe(403);
  });

  it('expires after ten minutes', async () => {
    const signed = await pdf();
    clock += 601_000;
    const res = await put(signed.uploadUrl, 'x', 'application/pdf');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('expired');
  });

  it("signs photos to the app's own upload route, and writes what it is given into the bucket", async () => {
    const storage = minio();
    const signed = await storage.sign({
      folder: 'actionPlans/p1',
      fileName: 'shelf.jpg',
      contentType: 'image/jpeg',
      size: 5,
    });
    const url = new URL(signed.uploadUrl, 'http://app');
    expect(url.pathname).toBe('/s3/upload');
    expect(url.searchParams.get('key')).toBe(signed.fileKey);
    expect(url.searchParams.get('size')).toBe('5');
    expect(url.searchParams.get('contentType')).toBe('image/jpeg');

    await storage.write(signed.fileKey, Buffer.from('JPEG!'), 'image/jpeg');
    expect(s3.objects.get(`/uploads/${signed.fileKey}`)).toEqual({
      body: Buffer.from('JPEG!'),
      contentType: 'image/jpeg',
    });
  });

  it('gives private files as presigned GETs that work about an hour, with a private cache-control', async () => {
    const storage = minio({ now: () => new Date(clock) });
    const signed = await recording();
    await put(signed.uploadUrl, 'MP3DATA', 'audio/mpeg');

    const link = storage.publicUrl(signed.fileKey);
    expect(link.startsWith(`${stand.url}/uploads/${signed.fileKey}?`)).toBe(true);
    const got = await fetch(link);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('MP3DATA');
    expect(got.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    // The permanent address (no signature) is what a public bucket would serve: the bucket is private.
    expect((await fetch(`${stand.url}/uploads/${signed.fileKey}`)).status).toBe(403);

    clock += 76 * 60_000;
    const stale = await fetch(link);
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain('expired');
  });

  it('uses virtual-hosted AWS URLs without an endpoint, and the public base URL for brand images', async () => {
    const date = new Date('2025-01-02T03:04:05Z');
    const aws = s3Storage({
      bucket: 'shop-files',
      region: 'eu-west-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      appSecret: 'app-secret-for-tests-0123456789',
      now: () => date,
    });
    const signed = await aws.sign({
      folder: 'evaluations/e1',
      fileName: 'call.mp3',
      contentType: 'audio/mpeg',
      size: 3,
    });
    const url = new URL(signed.uploadUrl);
    expect(url.origin).toBe('https://shop-files.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe(`/${signed.fileKey}`);
    expect(url.searchParams.get('X-Amz-Date')).toBe('20250102T030405Z');
    expect(url.searchParams.get('X-Amz-Credential')).toBe(`${ACCESS_KEY}/20250102/eu-west-1/s3/aws4_request`);
    // A private file's link is a presigned GET of the bucket, signed for its quarter hour.
    const read = new URL(signed.publicUrl);
    expect(`${read.origin}${read.pathname}`).toBe(
      `https://shop-files.s3.eu-west-1.amazonaws.com/${signed.fileKey}`,
    );
    expect(read.searchParams.get('X-Amz-Date')).toBe('20250102T030000Z');
    expect(read.searchParams.get('X-Amz-Expires')).toBe('4500');

    const cdn = s3Storage({
      bucket: 'shop-files',
      region: 'eu-west-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      appSecret: 'app-secret-for-tests-0123456789',
      publicBaseUrl: 'https://cdn.example.com/files/',
    });
    const viaCdn = await cdn.sign({
      folder: 'brands/b1',
      fileName: 'logo.png',
      contentType: 'image/png',
      size: 3,
    });
    expect(viaCdn.publicUrl).toBe(`https://cdn.example.com/files/${viaCdn.fileKey}`);
    // Stored keys get their URL from the same function the signing answer used.
    expect(cdn.publicUrl(viaCdn.fileKey)).toBe(viaCdn.publicUrl);
    expect(aws.publicUrl('brands/b1/Ab_logo.png')).toBe(
      'https://shop-files.s3.eu-west-1.amazonaws.com/brands/b1/Ab_logo.png',
    );
  });
});
