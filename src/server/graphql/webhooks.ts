import {
  isWebhookEvent,
  parseAllowedHosts,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '../../domain/index.js';
import type { AppContext } from '../context.js';
import {
  createEndpoint,
  type DeliveryView,
  deleteEndpoint,
  type EndpointView,
  listDeliveries,
  listEndpoints,
  readEndpoint,
  resendDelivery,
  revealSecret,
  rollSecret,
  sendTestEvent,
  updateEndpoint,
  webhookAccount,
} from '../webhooks/index.js';
import { builder } from './builder.js';
import { WebhookDeliveryStatusEnum, WebhookEventEnum } from './enums.js';

// Outgoing webhooks (issue 20). Thin resolvers: the owner and admins of the account only (checked in
// webhooks/endpoints.ts; team-guard.ts keeps managers out before anything runs).

const WebhookDeliveryType = builder.objectRef<DeliveryView>('WebhookDelivery').implement({
  fields: (t) => ({
    _id: t.exposeString('id', { description: 'The message id (webhook-id header), the same on every try.' }),
    eventId: t.exposeString('eventId', { description: "The event's id (the payload's id)." }),
    eventType: t.exposeString('eventType'),
    payload: t.exposeString('payload', { description: 'The JSON body as sent.' }),
    status: t.expose('status', { type: WebhookDeliveryStatusEnum }),
    statusLabel: t.string({ resolve: (d) => WEBHOOK_DELIVERY_STATUS_LABELS[d.status] }),
    attempts: t.exposeInt('attempts'),
    httpStatus: t.exposeInt('httpStatus', { nullable: true, description: "The last try's HTTP status." }),
    responseExcerpt: t.exposeString('responseExcerpt', {
      description: "The start of the last try's answer.",
    }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.string({ resolve: (d) => d.createdAt.toISOString() }),
    lastAttemptAt: t.string({ nullable: true, resolve: (d) => d.lastAttemptAt?.toISOString() ?? null }),
    deliveredAt: t.string({ nullable: true, resolve: (d) => d.deliveredAt?.toISOString() ?? null }),
  }),
});

const WebhookEndpointType = builder.objectRef<EndpointView>('WebhookEndpoint').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    url: t.exposeString('url'),
    description: t.exposeString('description'),
    events: t.field({
      type: [WebhookEventEnum],
      description: 'The events it is sent (an event type this version no longer has is left out).',
      resolve: (e) => e.events.filter(isWebhookEvent),
    }),
    enabled: t.exposeBoolean('enabled'),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
    deliveries: t.field({
      type: [WebhookDeliveryType],
      description: 'The latest deliveries, newest first (before: a createdAt, to page back).',
      args: { first: t.arg.int(), before: t.arg.string() },
      resolve: (e, a, ctx) =>
        listDeliveries(ctx.db, webhookAccount(ctx).id, e.id, {
          limit: Math.min(Math.max(a.first ?? 25, 1), 100),
          before: a.before && !Number.isNaN(Date.parse(a.before)) ? new Date(a.before) : undefined,
        }),
    }),
  }),
});

const WebhookEventTypeType = builder
  .objectRef<{ name: WebhookEvent; label: string }>('WebhookEventType')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name', { description: "The type as payloads carry it ('shop.submitted')." }),
      event: t.expose('name', { type: WebhookEventEnum, description: 'The same event as an enum value.' }),
      label: t.exposeString('label'),
    }),
  });

const WebhookEndpointInput = builder.inputType('WebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({ required: true }),
    description: t.string(),
    events: t.field({ type: [WebhookEventEnum], required: true }),
    enabled: t.boolean(),
  }),
});

const allowedHosts = (ctx: AppContext) => parseAllowedHosts(ctx.config.WEBHOOK_ALLOWED_HOSTS);
const inputOf = (i: {
  url: string;
  description?: string | null;
  events: string[];
  enabled?: boolean | null;
}) => ({
  url: i.url,
  description: i.description ?? '',
  events: i.events,
  enabled: i.enabled ?? true,
});

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: [WebhookEndpointType],
    description: "The account's webhook endpoints (owner and admins).",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => listEndpoints(ctx.db, ctx),
  }),
  webhookEndpoint: t.field({
    type: WebhookEndpointType,
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => readEndpoint(ctx.db, ctx, a._id),
  }),
  webhookEndpointSecret: t.string({
    description: "An endpoint's signing secret (whsec_...), revealed on request.",
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => revealSecret(ctx.db, ctx, a._id),
  }),
  webhookEventTypes: t.field({
    type: [WebhookEventTypeType],
    description: 'The events an endpoint can choose.',
    resolve: () => WEBHOOK_EVENTS.map((name) => ({ name, label: WEBHOOK_EVENT_LABELS[name] })),
  }),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: WebhookEndpointType,
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: WebhookEndpointInput, required: true }) },
    resolve: (_r, a, ctx) =>
      createEndpoint(ctx.db, ctx, inputOf(a.input), { allowedHosts: allowedHosts(ctx), now: new Date() }),
  }),
  updateWebhookEndpoint: t.field({
    type: WebhookEndpointType,
    authScopes: { loggedIn: true },
    args: {
      _id: t.arg.string({ required: true }),
      input: t.arg({ type: WebhookEndpointInput, required: true }),
    },
    resolve: (_r, a, ctx) =>
      updateEndpoint(ctx.db, ctx, a._id, inputOf(a.input), {
        allowedHosts: allowedHosts(ctx),
        now: new Date(),
      }),
  }),
  deleteWebhookEndpoint: t.boolean({
    description: 'Deletes an endpoint and its delivery log.',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => deleteEndpoint(ctx.db, ctx, a._id),
  }),
  rollWebhookSecret: t.string({
    description: 'Gives the endpoint a new signing secret (returned); the old one stops at once.',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => rollSecret(ctx.db, ctx, a._id, new Date()),
  }),
  sendTestWebhook: t.field({
    type: WebhookDeliveryType,
    description: 'Sends the endpoint a webhook.test event now.',
    authScopes: { loggedIn: true },
    args: { endpointId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => sendTestEvent(ctx.db, ctx, a.endpointId, new Date()),
  }),
  resendWebhookDelivery: t.field({
    type: WebhookDeliveryType,
    description: 'Sends a delivered or failed message again (the same webhook-id and body).',
    authScopes: { loggedIn: true },
    args: { deliveryId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => resendDelivery(ctx.db, ctx, a.deliveryId),
  }),
}));
