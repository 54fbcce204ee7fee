export { type DeliverDeps, deliverWebhook } from './deliver-webhook.js';
export { type DeliveryView, listDeliveries, resendDelivery, sendTestEvent } from './deliveries.js';
export {
  emitWebhookEvent,
  emitWebhookEvents,
  type WebhookEventInput,
  type WebhookPayload,
} from './emit-event.js';
export {
  createEndpoint,
  deleteEndpoint,
  type EndpointView,
  listEndpoints,
  readEndpoint,
  revealSecret,
  rollSecret,
  updateEndpoint,
  webhookAccount,
} from './endpoints.js';
export { RefusedAddress, sendWebhookRequest } from './send-request.js';
export { newWebhookSecret, sign, webhookHeaders } from './signature.js';
export { WEBHOOK_EVENT_OF, webhookSubscriber } from './subscriber.js';
