// Renders report PDFs on the server (@react-pdf/renderer: laid-out text, never a screenshot). A render
// that fails, or makes no PDF, throws ReportRenderError: a route answers 500 with its message, a job is
// retried; nothing ever sends an empty file.
import { readFile } from 'node:fs/promises';
import { renderToBuffer } from '@react-pdf/renderer';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { isBundledAsset, type PaperSize } from '../../domain/index.js';
import type { StorageAdapter } from '../adapters/storage.js';
import type { BrandRow } from '../context.js';
import { emailBrandOf } from '../email/index.js';
import { brandImageKey } from '../file-references.js';
import type { PdfBrand } from './pdf-parts.js';
import { type ShopReportData, ShopReportPdf } from './shop-report-pdf.js';
import type { SummaryReport } from './summary-data.js';
import { SummaryPdf } from './summary-pdf.js';

export const MSG_PDF_RENDER_FAILED = 'The PDF could not be made. Please try again in a moment.';

export class ReportRenderError extends Error {
  constructor(cause: unknown) {
    super(`${MSG_PDF_RENDER_FAILED} (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = 'ReportRenderError';
  }
}

/** The app's bundled brand images (src/web/public/brands): each SVG has a PNG beside it. */
const PUBLIC_DIR = new URL('../../web/public', import.meta.url);

/** The brand's logo as PNG or JPEG bytes (react-pdf draws no SVG images), or null. */
export async function brandLogoBytes(
  storage: StorageAdapter,
  brand: Pick<BrandRow, 'id' | 'logoUrl'>,
): Promise<Buffer | null> {
  const stored = brand.logoUrl;
  if (!stored) return null;
  try {
    if (isBundledAsset(stored)) {
      const png = stored.replace(/\.svg$/, '.png');
      if (!/\.png$/.test(png)) return null;
      return await readFile(new URL(`.${png}`, `${PUBLIC_DIR.href}/`));
    }
    const key = brandImageKey(storage, brand.id, stored);
    if (!key || !/\.(png|jpe?g)$/i.test(key)) return null;
    return await storage.read(key);
  } catch {
    return null;
  }
}

/** The brand as PDFs show it. */
export async function pdfBrandOf(
  brand: BrandRow,
  opts: { origin: string; storage: StorageAdapter },
): Promise<PdfBrand> {
  const look = emailBrandOf(brand, opts);
  return {
    name: look.name,
    primaryColor: look.primaryColor,
    onPrimary: look.onPrimary,
    secondaryColor: look.secondaryColor,
    logo: await brandLogoBytes(opts.storage, brand),
  };
}

/** A document's bytes; a failure, or something that is not a PDF, is a ReportRenderError. */
export async function renderPdf(doc: ReactElement): Promise<Buffer> {
  let bytes: Buffer;
  try {
    // renderToBuffer's type asks for a <Document> element; ours are components that return one.
    bytes = await renderToBuffer(doc as Parameters<typeof renderToBuffer>[0]);
  } catch (err) {
    throw new ReportRenderError(err);
  }
  if (!bytes || bytes.length < 100 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new ReportRenderError(new Error('the renderer made no PDF'));
  return bytes;
}

const longDay = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The Performance Summary's PDF. */
export function renderSummaryPdf(input: {
  report: SummaryReport;
  brand: PdfBrand;
  paper: PaperSize;
  accountName: string;
  now: Date;
}): Promise<Buffer> {
  return renderPdf(
    createElement(SummaryPdf, {
      report: input.report,
      brand: input.brand,
      paper: input.paper,
      accountName: input.accountName,
      generatedOn: longDay(input.now),
    }),
  );
}

/** A shop report's PDF. */
export function renderShopReportPdf(input: {
  data: ShopReportData;
  brand: PdfBrand;
  paper: PaperSize;
}): Promise<Buffer> {
  return renderPdf(createElement(ShopReportPdf, input));
}
