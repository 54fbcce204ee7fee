import type { z } from 'zod';
import { ZPayoutCsvRow } from '../../domain/index.js';
import { ZExportParams, ZExportQuery } from '../admin/export-route.js';
import { EXPORT_CSV_ROWS } from '../admin/exports.js';
import { ZSurveyQrParams } from '../fieldwork/index.js';
import { ZPayoutParams, ZPayoutQuery } from '../payables/index.js';
import {
  endpointParams,
  REPORTING_ENDPOINTS,
  type ReportingEndpoint,
  type ReportingPath,
  SIGNED_PARAMS,
  ZError,
  ZFieldError,
  ZReportingKeyQuery,
} from '../reporting-api/index.js';
import { type JsonSchema, jsonSchema, parametersOf } from './json-schema.js';
import { ZScoreAlertEvent, ZWebhookEvent, ZWebhookHeaders } from './webhook-events.js';

// The OpenAPI 3.1 description of the REST endpoints, made from the zod schemas that validate them
// (served at GET /api/openapi.json, shown at GET /api/docs). GraphQL has its own explorer at GET /api.

const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const text = { 'text/plain': { schema: { type: 'string' } } };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The security scheme that carries the signature; it is not listed again as a parameter. */
const SIGNATURE = 'signature';

/** Every REST route's input boundary (rest-input-boundary.ts), before the route's own checks. */
const boundary = {
  '400': {
    description:
      'A parameter breaks the text rule (one line, at most 2,000 characters, no control characters) or there are over 50; `field` names it.',
    content: json(ref('FieldError')),
  },
};

const errors = {
  '400': {
    description:
      'A parameter is invalid: `error` is a sentence that names it (`pageSize must be a whole number from 1 to 999.`), `field` is its name.',
    content: json(ref('FieldError')),
  },
  '401': {
    description:
      'The signature (or API key) is missing (`The signature (or API key) is missing: …`), the signature does not match the parameters (`Invalid signature.`), or the bearer token is no live API key (`Invalid or revoked API key.`).',
    content: json(ref('Error')),
  },
  '403': {
    description: 'The caller may not read this client (or has left its team since signing).',
    content: json(ref('Error')),
  },
};

/** Every endpoint's records, by name, for components.schemas (each from its zod schema, as answered). */
const reportingRecords = (): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.values(REPORTING_ENDPOINTS).flatMap((endpoint) =>
      Object.entries(endpoint.records).map(([name, schema]) => [name, jsonSchema(schema, 'output')]),
    ),
  );

type Records = ReportingEndpoint['records'];
const recordsSchema = (records: Records) => {
  const refs = Object.keys(records).map(ref);
  return refs.length === 1 ? refs[0]! : { anyOf: refs };
};
const recordsDescription = (records: Records) => {
  const names = Object.keys(records).map((n) => `\`${n}\``);
  return names.length === 1
    ? `A JSON array of ${names[0]} (an empty array when nothing matches).`
    : `A JSON array of ${names.join(' (without groupBy) or ')} (with groupBy); an empty array when nothing matches.`;
};

function reportingOperation(path: ReportingPath) {
  const endpoint = REPORTING_ENDPOINTS[path];
  const keys = endpointParams(path).filter((k) => k !== SIGNATURE);
  return {
    get: {
      operationId: `reporting${path.replace(/^\/api/, '').replace(/\/(\w)/g, (_m, c: string) => c.toUpperCase())}`,
      tags: ['Reporting'],
      summary: endpoint.summary,
      description: `${endpoint.description} A trailing slash (\`${path}/\`) is the same endpoint.`,
      parameters: parametersOf(ZReportingKeyQuery, 'query', keys),
      security: [{ reportingSignature: [] }, { apiKey: [] }],
      responses: {
        '200': {
          description: recordsDescription(endpoint.records),
          content: json({ type: 'array', items: recordsSchema(endpoint.records) }),
        },
        ...errors,
      },
    },
  };
}

/** A CSV file's columns as a Markdown table, from the row's zod schema (the header is its keys). */
function csvColumnsTable(row: z.ZodObject): string {
  const { properties } = jsonSchema(row, 'output') as {
    properties: Record<string, { description?: string }>;
  };
  return [
    '| column | meaning |',
    '| --- | --- |',
    ...Object.entries(properties).map(([name, p]) => `| ${name} | ${p.description ?? ''} |`),
  ].join('\n');
}

/**
 * A CSV answer: RFC 4180 text with CRLF lines, a header line of the row's column names, then one line
 * per record. `x-csv-rows` holds the JSON Schema of a line read as an object keyed by the header, per
 * kind of file (the test reads real files against it).
 */
const csvContent = (rows: Record<string, z.ZodObject>) => ({
  'text/csv': {
    schema: {
      type: 'string',
      description:
        'CSV (RFC 4180, UTF-8, CRLF line ends): the header line, then one line per record. A cell a spreadsheet would run as a formula (starting with =, +, - or @) starts with a single quote.',
    },
    'x-csv-rows': Object.fromEntries(
      Object.entries(rows).map(([kind, row]) => [kind, jsonSchema(row, 'output')]),
    ),
  },
});

const exportOperation = {
  get: {
    operationId: 'adminExport',
    tags: ['Exports'],
    summary: 'CSV export',
    description:
      "An admin's export link: the CSV streams as it is read. Cells a spreadsheet would run as formulas are escaped.",
    parameters: [...parametersOf(ZExportParams, 'path'), ...parametersOf(ZExportQuery, 'query')],
    security: [],
    responses: {
      '200': {
        description: [
          'The CSV file (a download: Content-Disposition attachment, `customers-YYYY-MM-DD.csv` or `orders-YYYY-MM-DD.csv`).',
          `**customers**: one line per customer, newest first:\n\n${csvColumnsTable(EXPORT_CSV_ROWS.customers)}`,
          `**orders**: one line per completed order, newest first:\n\n${csvColumnsTable(EXPORT_CSV_ROWS.orders)}`,
        ].join('\n\n'),
        content: csvContent(EXPORT_CSV_ROWS),
      },
      ...boundary,
      '401': { description: 'The token is missing, invalid or expired.', content: text },
      '403': { description: "The token's user is no longer an admin.", content: text },
      '404': { description: 'Unknown export type.', content: text },
    },
  },
};

const payoutCsvOperation = {
  get: {
    operationId: 'adminPayoutCsv',
    tags: ['Exports'],
    summary: 'Payout batch CSV',
    description:
      "A payout batch's lines (shopper payments) as CSV, through an admin's link for that batch. Cells a spreadsheet would run as formulas are escaped.",
    parameters: [...parametersOf(ZPayoutParams, 'path'), ...parametersOf(ZPayoutQuery, 'query')],
    security: [],
    responses: {
      '200': {
        description: `The CSV file (a download: Content-Disposition attachment, \`payout-{reference}.csv\`): one line per shopper payment of the batch, by shopper, then approval:\n\n${csvColumnsTable(ZPayoutCsvRow)}`,
        content: csvContent({ payout: ZPayoutCsvRow }),
      },
      ...boundary,
      '401': { description: 'The token is missing, invalid, expired or for another batch.', content: text },
      '403': { description: "The token's user is no longer an admin.", content: text },
      '404': { description: 'Unknown payout batch.', content: text },
    },
  },
};

const surveyQrOperation = {
  get: {
    operationId: 'surveyQrCode',
    tags: ['Surveys'],
    summary: 'Survey QR code',
    description:
      'The survey link as a QR code (PNG, 300 px, high error correction). Public: it is in the order confirmation e-mail.',
    parameters: parametersOf(ZSurveyQrParams, 'path'),
    security: [],
    responses: {
      '200': {
        description: 'The QR code.',
        content: {
          'image/png': {
            schema: {
              type: 'string',
              contentMediaType: 'image/png',
              description:
                "A PNG image, 300 × 300 px, black on white, of the survey link's URL on this site (`/survey/{code}`), with high error correction (about 30 % of the code may be covered). Cached for an hour.",
            },
          },
        },
      },
      ...boundary,
      '404': { description: 'No active survey has this code.', content: text },
    },
  },
};

const webhookOperation = {
  post: {
    operationId: 'webhookEvent',
    summary: 'An event, sent to your endpoint',
    description: [
      'Each event an endpoint subscribed to is POSTed to it as JSON, signed as [Standard Webhooks](https://www.standardwebhooks.com/) sign.',
      'Verify before trusting it: compute the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` with your signing secret and compare it in constant time with each `v1,` value of `webhook-signature`; refuse an old timestamp.',
      'Answer 2xx quickly; any other answer, or none within 10 seconds, is tried again later with growing pauses. The same message can arrive twice (a try after a timeout, or a resend from the delivery log): `webhook-id` is the same on each, so drop a message whose `webhook-id` you already processed.',
    ].join('\n\n'),
    parameters: parametersOf(ZWebhookHeaders, 'header'),
    security: [{ webhookSignature: [] }],
    requestBody: { required: true, content: json(ref('WebhookEvent')) },
    responses: {
      '2XX': { description: 'Received.' },
      default: { description: 'Not received: the delivery is tried again.' },
    },
  },
};

/** `score.alert` as its own webhook: the same delivery, its `data` described field by field. */
const scoreAlertWebhook = {
  post: {
    ...webhookOperation.post,
    operationId: 'scoreAlertEvent',
    summary: "score.alert: a location scored under its program's alert line, or dropped",
    description: [
      "Sent once per approved shop that trips its program's alert rule (Account → Alerts & Benchmarks): the shop scored under the rule's percent, or more than its points under the location's trailing average of its last N shops.",
      "It holds the alert and the account's own ids and names; nothing about the shopper (no name, e-mail or id) and no QA notes.",
      'Signed and retried as every event (see `event`).',
    ].join('\n\n'),
    requestBody: { required: true, content: json(ref('ScoreAlertEvent')) },
  },
};

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront REST API',
      version: '1',
      description: [
        'The REST endpoints: the signed reporting API, CSV exports and survey QR codes, and the webhooks sent to customers.',
        'Everything else (orders, accounts, catalogue, `generateSignature`, `createExportLink`, `login`) is GraphQL at `POST /api`; its explorer is `GET /api` in a browser (in production, for logged-in platform admins).',
      ].join('\n\n'),
      // No public licence: the API is for the service's customers, under their agreement with it.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // The server that serves the document (`/api/openapi.json`) is the one it describes.
    servers: [{ url: '/', description: 'This server: the origin the document was read from.' }],
    tags: [
      {
        name: 'Reporting',
        description:
          'Read-only reports of a customer account; every call is signed with the shared secret or carries an API key (Bearer).',
      },
      { name: 'Exports', description: 'CSV downloads through short-lived, single-purpose links.' },
      { name: 'Surveys', description: 'Public survey assets.' },
    ],
    paths: {
      ...Object.fromEntries(
        (Object.keys(REPORTING_ENDPOINTS) as ReportingPath[]).map((path) => [path, reportingOperation(path)]),
      ),
      '/admin/export/{type}': exportOperation,
      '/admin/payouts/{file}': payoutCsvOperation,
      '/survey/{code}/qr.png': surveyQrOperation,
    },
    webhooks: { event: webhookOperation, scoreAlert: scoreAlertWebhook },
    components: {
      securitySchemes: {
        reportingSignature: {
          type: 'apiKey',
          in: 'query',
          name: SIGNATURE,
          description: [
            'The HMAC-SHA256 (hex) of the request, from the GraphQL mutation `generateSignature(text)` (logged in, as the person in `userMakingRequest`).',
            `\`text\` is the values present among ${SIGNED_PARAMS.map((p) => `\`${p}\``).join(', ')}, in that order, joined with \`|\`.`,
            'The server signs only for the logged-in person and the account they act for (admins: any client).',
          ].join(' '),
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The alternative to signing each request: a customer's API key as `Authorization: Bearer <key>`, created and revoked by the account's owner, read-only and limited to that account's data.",
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'webhook-signature',
          description:
            "How your endpoint knows a webhook is ours: the `webhook-signature` header, made with the endpoint's signing secret (`whsec_…`, shown when the endpoint is created or its secret rotated). See the header's description.",
        },
      },
      schemas: {
        FieldError: jsonSchema(ZFieldError),
        Error: jsonSchema(ZError),
        WebhookEvent: jsonSchema(ZWebhookEvent),
        ScoreAlertEvent: jsonSchema(ZScoreAlertEvent),
        ...reportingRecords(),
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
