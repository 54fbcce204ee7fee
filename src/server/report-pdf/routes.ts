import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  MSG_DATE_KEY_INVALID,
  PAPER_SIZES,
  type PaperSize,
  type ReportPeriod,
  summaryPdfFileName,
  zDateKey,
} from '../../domain/index.js';
import { EvaluationStatus } from '../../evaluation/index.js';
import type { Adapters } from '../adapters/index.js';
import type { StorageAdapter } from '../adapters/storage.js';
import { hmac, safeEqual } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { BrandRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { readableEvaluation } from '../fieldwork/index.js';
import { customerBrand } from '../notifications/index.js';
import { identifyRequest } from '../request-identity.js';
import { parseRestParams, type Refusal } from '../rest-input-boundary.js';
import { callerMay, locationScopeOf } from '../team/access.js';
import {
  MSG_PDF_RENDER_FAILED,
  pdfBrandOf,
  ReportRenderError,
  renderShopReportPdf,
  renderSummaryPdf,
} from './render.js';
import { loadShopReport } from './shop-report-pdf.js';
import {
  loadSummaryReport,
  narrowToRegion,
  type ReaderScope,
  readerScopeOf,
  regionName,
  WHOLE_ACCOUNT,
} from './summary-data.js';

// The report PDFs (issue 48), served to a logged-in reader (the session cookie, as the pages are):
//   GET /reports/summary.pdf    the Performance Summary for a range and the page's filters
//   GET /reports/shop/:id.pdf   an approved shop's report
//   GET /reports/emailed.pdf    a scheduled e-mail's signed link (too large to attach); no login
// Each reads who asks now: a manager gets their locations only, a removed member and another account
// nothing (403), an anonymous caller 401. The data are the reporting queries the pages call.

const paper = z.enum(PAPER_SIZES, { error: "must be 'a4' or 'letter'" }).default('a4');
const name = z.string().max(300).optional();

export const ZSummaryPdfQuery = z.object({
  startDate: zDateKey(MSG_DATE_KEY_INVALID),
  endDate: zDateKey(MSG_DATE_KEY_INVALID),
  programName: name,
  locationName: name,
  regionId: z.string().min(1).max(100).optional(),
  paper,
});

export const ZShopPdfQuery = z.object({ paper });

/**
 * A shop report's PDF: only a `.pdf` name, so /reports/shop/{id}?key=… (the shared report's page) stays
 * the app's (find-my-way's regular-expression parameter).
 */
export const SHOP_PDF_ROUTE = '/reports/shop/:file(^[A-Za-z0-9_-]{1,64}\\.pdf$)';

export const MSG_PDF_LINK_INVALID =
  'This report link is not valid or has expired. Sign in to download the Performance Summary.';

/** The signed link of an e-mailed report: who gets it, which account and period, until when. */
export type ReportLink = {
  accountId: string;
  userId: string;
  period: ReportPeriod;
  paper: PaperSize;
  expires: number;
};

const linkText = (l: ReportLink) =>
  `report-link|${l.accountId}|${l.userId}|${l.period.start}|${l.period.end}|${l.paper}|${l.expires}`;

/** The query of an e-mailed report's download link (an HMAC with the app secret over all of it). */
export function reportLinkQuery(secret: string, l: ReportLink): string {
  const params = new URLSearchParams({
    a: l.accountId,
    u: l.userId,
    s: l.period.start,
    e: l.period.end,
    p: l.paper,
    x: String(l.expires),
    sig: hmac(secret, linkText(l)).slice(0, 40),
  });
  return params.toString();
}

const ZLinkQuery = z.object({
  a: z.string().min(1).max(100),
  u: z.string().min(1).max(100),
  s: zDateKey(MSG_DATE_KEY_INVALID),
  e: zDateKey(MSG_DATE_KEY_INVALID),
  p: z.enum(PAPER_SIZES),
  x: z.coerce.number().int(),
  sig: z.string().regex(/^[0-9a-f]{40}$/),
});

/** The link's content when its signature holds and it has not expired; else null. */
export function readReportLink(secret: string, query: unknown, now: number): ReportLink | null {
  const parsed = ZLinkQuery.safeParse(query);
  if (!parsed.success) return null;
  const q = parsed.data;
  const link: ReportLink = {
    accountId: q.a,
    userId: q.u,
    period: { start: q.s, end: q.e },
    paper: q.p,
    expires: q.x,
  };
  if (q.x * 1000 < now) return null;
  return safeEqual(hmac(secret, linkText(link)).slice(0, 40), q.sig) ? link : null;
}

const sendPdf = (reply: FastifyReply, bytes: Buffer, fileName: string) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(bytes);

const refuse = (reply: FastifyReply, code: 400 | 401 | 403 | 404 | 500, body: Refusal | { error: string }) =>
  reply.code(code).header('cache-control', 'no-store').send(body);

/** The account's business name (or its e-mail), for the PDF's title line. */
export async function accountNameOf(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ email: users.email, businessName: users.businessName })
    .from(users)
    .where(eq(users.id, accountId))
    .limit(1);
  return row?.businessName.trim() || row?.email || '';
}

/** Renders the summary PDF of an account for a reader's scope and a period. */
export async function summaryPdfFor(
  db: Db,
  deps: { storage: StorageAdapter; origin: string; brand: BrandRow },
  input: {
    accountId: string;
    reader: ReaderScope;
    period: ReportPeriod;
    paper: PaperSize;
    filters?: { program?: string; location?: string };
    regionName?: string | null;
    now: Date;
  },
) {
  const report = await loadSummaryReport(db, input);
  const [brand, accountName] = await Promise.all([
    pdfBrandOf(deps.brand, { origin: deps.origin, storage: deps.storage }),
    accountNameOf(db, input.accountId),
  ]);
  const bytes = await renderSummaryPdf({ report, brand, paper: input.paper, accountName, now: input.now });
  return { report, bytes };
}

export async function registerReportPdfRoutes(
  app: FastifyInstance,
  deps: { db: Db; readDb: Db; config: Config; adapters: Adapters },
) {
  const { db, config, adapters } = deps;

  app.get('/reports/summary.pdf', async (req, reply) => {
    const who = await identifyRequest(db, config, req);
    if (!who.person || !who.user) return refuse(reply, 401, { error: 'Sign in to download reports.' });
    if (!callerMay(who, 'reports')) return refuse(reply, 403, { error: 'Not Authorized' });
    const parsed = parseRestParams(ZSummaryPdfQuery, req.query);
    if (parsed.refusal) return refuse(reply, 400, parsed.refusal);
    const q = parsed.data;
    const accountId = who.user.id;
    let reader: ReaderScope | null = who.person.admin
      ? WHOLE_ACCOUNT
      : await readerScopeOf(db, accountId, who.person.id);
    if (!reader) return refuse(reply, 403, { error: 'Not Authorized' });
    let region: string | null = null;
    if (q.regionId) {
      reader = await narrowToRegion(db, accountId, q.regionId, reader);
      if (!reader)
        return refuse(reply, 400, { error: 'regionId is not a region of this client.', field: 'regionId' });
      region = await regionName(db, accountId, q.regionId);
    }
    const period = { start: q.startDate, end: q.endDate };
    if (period.start > period.end)
      return refuse(reply, 400, { error: 'endDate must not be before startDate.', field: 'endDate' });
    try {
      const { bytes } = await summaryPdfFor(
        deps.readDb,
        { storage: adapters.storage, origin: who.origin, brand: who.brand },
        {
          accountId,
          reader,
          period,
          paper: q.paper,
          filters: { program: q.programName, location: q.locationName },
          regionName: region,
          now: new Date(),
        },
      );
      return sendPdf(reply, bytes, summaryPdfFileName(period));
    } catch (err) {
      if (err instanceof ReportRenderError) {
        req.log.error(err);
        return refuse(reply, 500, { error: MSG_PDF_RENDER_FAILED });
      }
      throw err;
    }
  });

  app.get(SHOP_PDF_ROUTE, async (req, reply) => {
    const { file } = req.params as { file: string };
    const match = /^([A-Za-z0-9_-]{1,64})\.pdf$/.exec(file);
    if (!match) return refuse(reply, 404, { error: 'Report not found.' });
    const who = await identifyRequest(db, config, req);
    if (!who.person || !who.user) return refuse(reply, 401, { error: 'Sign in to download reports.' });
    const parsed = parseRestParams(ZShopPdfQuery, req.query);
    if (parsed.refusal) return refuse(reply, 400, parsed.refusal);
    // A platform admin (with two-factor sign-in set up) acts on any customer's report, as the admin
    // pages do; QA staff and shoppers are not the report's readers here.
    const platformAdmin = who.person.admin === true && !who.member && !who.apiKey;
    let row: Awaited<ReturnType<typeof readableEvaluation>>;
    try {
      // The report page's own rule: the account's approved shop, within a manager's locations.
      row = await readableEvaluation(
        db,
        who.user,
        match[1]!,
        platformAdmin ? null : await locationScopeOf(db, who),
      );
    } catch (err) {
      if (err instanceof AppError) return refuse(reply, 403, { error: 'Not Authorized' });
      throw err;
    }
    const customersReport = platformAdmin
      ? row.clientId !== null && row.status === EvaluationStatus.Approved
      : row.clientId === who.user.id;
    if (row.isSurvey || !customersReport) return refuse(reply, 403, { error: 'Not Authorized' });
    try {
      const [data, brand] = await Promise.all([
        loadShopReport(db, adapters.storage, row),
        // The customer's look, whoever downloads it (an admin gets the PDF the customer would).
        pdfBrandOf(platformAdmin ? await customerBrand(db, row.clientId) : who.brand, {
          origin: who.origin,
          storage: adapters.storage,
        }),
      ]);
      const bytes = await renderShopReportPdf({ data, brand, paper: parsed.data.paper });
      return sendPdf(reply, bytes, `shop-report-${row.id}.pdf`);
    } catch (err) {
      if (err instanceof ReportRenderError) {
        req.log.error(err);
        return refuse(reply, 500, { error: MSG_PDF_RENDER_FAILED });
      }
      throw err;
    }
  });

  app.get('/reports/emailed.pdf', async (req, reply) => {
    const link = readReportLink(config.appSecret, req.query, Date.now());
    if (!link) return refuse(reply, 401, { error: MSG_PDF_LINK_INVALID });
    // The recipient's scope now: a member removed since the e-mail gets nothing.
    const reader = await readerScopeOf(db, link.accountId, link.userId);
    if (!reader) return refuse(reply, 403, { error: 'Not Authorized' });
    try {
      const { bytes } = await summaryPdfFor(
        deps.readDb,
        {
          storage: adapters.storage,
          origin: config.PUBLIC_URL.replace(/\/$/, ''),
          brand: await customerBrand(db, link.accountId),
        },
        { accountId: link.accountId, reader, period: link.period, paper: link.paper, now: new Date() },
      );
      return sendPdf(reply, bytes, summaryPdfFileName(link.period));
    } catch (err) {
      if (err instanceof ReportRenderError) return refuse(reply, 500, { error: MSG_PDF_RENDER_FAILED });
      throw err;
    }
  });
}
