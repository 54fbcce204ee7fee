import { createHmac, randomBytes } from 'node:crypto';
import { secretKey, signatureHeader, signedContent } from '../../domain/index.js';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The base64 HMAC-SHA256 of `msgId.timestamp.body` under the secret's key bytes. */
export function sign(secret: string, msgId: string, timestamp: number, body: string): string {
  return createHmac('sha256', Buffer.from(secretKey(secret), 'base64'))
    .update(signedContent(msgId, timestamp, body))
    .digest('base64');
}

/** The three Standard Webhooks headers of one message. */
export function webhookHeaders(secret: string, msgId: string, timestamp: number, body: string) {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader([sign(secret, msgId, timestamp, body)]),
  };
}
