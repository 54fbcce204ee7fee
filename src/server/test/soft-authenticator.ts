import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software WebAuthn authenticator for tests (issue 50): an ES256 key pair made with node's crypto,
// "none" attestation, and the browser's JSON answers (@simplewebauthn's RegistrationResponseJSON and
// AuthenticationResponseJSON) built by hand, byte for byte as the WebAuthn spec lays them out.

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');

/** The small part of CBOR (RFC 8949) an attestation needs: unsigned/negative ints, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The user handle the site gave at registration (sent back on a discoverable sign-in). */
  userHandle: string;
  counter: number;
};

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([flags]),
    count,
    ...(attested ? [attested] : []),
  ]);
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/**
 * Answers registration options (the JSON beginPasskeyRegistration returns) as a browser would on
 * `origin`, for `rpId` (default: the options' own). Returns the answer's JSON and the new passkey.
 */
export function softRegister(
  optionsJson: string,
  opts: { origin: string; rpId?: string; userVerified?: boolean },
): { response: string; passkey: SoftPasskey } {
  const options = JSON.parse(optionsJson) as { challenge: string; rp: { id: string }; user: { id: string } };
  const rpId = opts.rpId ?? options.rp.id;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const cose = cbor(
    new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose]);
  const flags = FLAG_UP | FLAG_AT | (opts.userVerified === false ? 0 : FLAG_UV);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData(rpId, flags, 0, attested)],
    ]),
  );
  const response = {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, opts.origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
  return {
    response: JSON.stringify(response),
    passkey: { credentialId, privateKey, userHandle: options.user.id, counter: 0 },
  };
}

/**
 * Answers sign-in options (beginPasskeySignIn's JSON) with `passkey` on `origin`. The counter goes up
 * by one unless `counter` is given (a cloned authenticator replays an old one).
 */
export function softSignIn(
  optionsJson: string,
  passkey: SoftPasskey,
  opts: { origin: string; rpId?: string; counter?: number; userVerified?: boolean; challenge?: string },
): string {
  const options = JSON.parse(optionsJson) as { challenge: string; rpId: string };
  const rpId = opts.rpId ?? options.rpId;
  const counter = opts.counter ?? passkey.counter + 1;
  if (opts.counter === undefined) passkey.counter = counter;
  const data = authData(rpId, FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV), counter);
  const client = clientData('webauthn.get', opts.challenge ?? options.challenge, opts.origin);
  const signature = sign(
    'sha256',
    Buffer.concat([data, createHash('sha256').update(client).digest()]),
    passkey.privateKey,
  );
  return JSON.stringify({
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  });
}
