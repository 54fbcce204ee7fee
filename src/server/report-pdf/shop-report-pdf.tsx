// A shop report as a PDF (issue 48): what the customer's report page shows (sections, answers, scores)
// from the same scored report model (src/evaluation score + reportForReader 'customer'), with the
// shop's photos embedded, scaled down to at most PHOTO_MAX_PX.
import { Document, Image, Text, View } from '@react-pdf/renderer';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  formatCalendarDate,
  formatLongDate,
  keyOfFileReference,
  type PaperSize,
  uploadFolder,
} from '../../domain/index.js';
import { type Report, reportForReader, score } from '../../evaluation/index.js';
import type { StorageAdapter } from '../adapters/storage.js';
import type { Db } from '../db/client.js';
import { locations, shops, visits } from '../db/schema.js';
import { type EvaluationRow, loadEngineEvaluation } from '../fieldwork/index.js';
import { BrandHeader, type PdfBrand, ReportPage, STATUS_COLORS, styles } from './pdf-parts.js';

/** Photos are scaled to fit this many pixels on their longer side (JPEG), so a PDF stays small. */
export const PHOTO_MAX_PX = 1000;

export type ShopReportData = {
  programName: string;
  locationName: string;
  address: string | null;
  /** 'March 2, 2026'. */
  date: string | null;
  report: Report;
  /** Scaled JPEG bytes of each reported photo answer, by element id. */
  photos: Map<string, Buffer>;
};

/** A photo's bytes, scaled; null when it cannot be read (the PDF then names the missing photo). */
async function scaledPhoto(storage: StorageAdapter, key: string): Promise<Buffer | null> {
  const bytes = await storage.read(key);
  if (!bytes) return null;
  try {
    return await sharp(bytes)
      .rotate()
      .resize({ width: PHOTO_MAX_PX, height: PHOTO_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** An approved shop's report as the customer's side reads it (the caller checked who may). */
export async function loadShopReport(
  db: Db,
  storage: StorageAdapter,
  row: EvaluationRow,
): Promise<ShopReportData> {
  const evaluation = await loadEngineEvaluation(db, row);
  const report = reportForReader('customer', score(evaluation));
  const [subject] = row.visitId
    ? await db
        .select({
          programName: shops.questionnaireTitle,
          locationName: locations.name,
          address: locations.formattedAddress,
        })
        .from(visits)
        .innerJoin(shops, eq(shops.id, visits.shopId))
        .innerJoin(locations, eq(locations.id, visits.locationId))
        .where(eq(visits.id, row.visitId))
        .limit(1)
    : [];
  const folder = uploadFolder('evaluations', row.id);
  const photos = new Map<string, Buffer>();
  for (const section of report.sections)
    for (const element of section.elements) {
      if (element.typeId !== 'imageupload' || !element.isReported) continue;
      const ref = evaluation.answers?.[element.localId];
      const key = keyOfFileReference(ref, folder, (k) => storage.publicUrl(k));
      const bytes = key ? await scaledPhoto(storage, key) : null;
      if (bytes) photos.set(element.localId, bytes);
    }
  return {
    programName: subject?.programName ?? '',
    locationName: subject?.locationName ?? '',
    address: subject?.address ?? null,
    date: row.shopDate
      ? formatCalendarDate(row.shopDate, 'long')
      : row.approvedAt
        ? formatLongDate(row.approvedAt)
        : null,
    report,
    photos,
  };
}

const classColor = (percent: number) =>
  percent >= 90 ? STATUS_COLORS.success : percent >= 70 ? '#1971c2' : STATUS_COLORS.error;

export function ShopReportPdf({
  data,
  brand,
  paper,
}: {
  data: ShopReportData;
  brand: PdfBrand;
  paper: PaperSize;
}) {
  const { report } = data;
  const title = `${data.programName} Report`;
  return (
    <Document title={title} author={brand.name} creator={brand.name}>
      <ReportPage paper={paper} footer={`${brand.name} · ${data.locationName} · ${data.date ?? ''}`}>
        <BrandHeader brand={brand} label="Shop Report" />
        <Text style={styles.title}>{data.programName}</Text>
        <Text style={[styles.subtitle, styles.bold]}>{data.locationName}</Text>
        {data.address && <Text style={styles.subtitle}>{data.address}</Text>}
        {data.date && <Text style={styles.subtitle}>{data.date}</Text>}
        <Text style={{ fontSize: 14, marginTop: 8, color: classColor(report.percentageScore) }}>
          {`Overall score: ${report.percentageScore}% (${report.score} of ${report.possibleScore})`}
        </Text>
        {report.sections
          .filter((s) => s.visibleElements > 0)
          .map((section) => (
            <View key={section.markupId}>
              <View style={[styles.headRow, { marginTop: 12 }]} wrap={false} minPresenceAhead={40}>
                <Text style={[styles.bold, { flex: 1, fontSize: 12 }]}>{section.name}</Text>
                {section.isScored && (
                  <Text style={[styles.bold, { color: classColor(section.percentageScore) }]}>
                    {`${section.percentageScore}%`}
                  </Text>
                )}
              </View>
              {section.elements
                .filter((e) => e.isReported)
                .map((e) => {
                  const photo = data.photos.get(e.localId);
                  return (
                    <View key={e.localId} style={styles.row} wrap={false}>
                      <View style={{ flex: 1, paddingRight: 8 }}>
                        <Text style={styles.bold}>{e.prompt}</Text>
                        {photo ? (
                          <Image
                            src={photo}
                            style={{ marginTop: 4, maxWidth: 260, maxHeight: 200, objectFit: 'contain' }}
                          />
                        ) : e.typeId === 'imageupload' ? (
                          <Text style={styles.small}>{e.answer ? 'Photo not available' : 'No photo'}</Text>
                        ) : (
                          <Text>{e.answer ?? '–'}</Text>
                        )}
                      </View>
                      {e.isScored && (
                        <Text
                          style={{ width: 70, textAlign: 'right' }}
                        >{`${e.score} / ${e.possibleScore}`}</Text>
                      )}
                    </View>
                  );
                })}
            </View>
          ))}
      </ReportPage>
    </Document>
  );
}
