// What every report PDF shares: the brand's header, the page footer with page numbers, the paper sizes
// and the status colours. Drawn with @react-pdf/renderer (text stays text: selectable and searchable).
import { Font, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { PAPER_LABELS, type PaperSize, type PerformanceStatus } from '../../domain/index.js';

/** The brand as a PDF shows it: the e-mail brand's colours (made readable) and the logo's bytes. */
export type PdfBrand = {
  name: string;
  primaryColor: string;
  onPrimary: string;
  secondaryColor: string;
  /** A PNG or JPEG logo, or null: the brand's name is shown instead. */
  logo: Buffer | null;
};

// Words are never hyphenated: react-pdf's default hyphenation looks up every word, which was most of a
// long board's render time, and names and prompts read better whole.
Font.registerHyphenationCallback((word) => [word]);

export const PDF_PAGE_SIZE: Record<PaperSize, 'A4' | 'LETTER'> = { a4: 'A4', letter: 'LETTER' };

export const STATUS_COLORS: Record<PerformanceStatus, string> = {
  success: '#2b8a3e',
  warn: '#e67700',
  error: '#c92a2a',
};

export const styles = StyleSheet.create({
  page: { paddingTop: 36, paddingBottom: 52, paddingHorizontal: 36, fontSize: 10, fontFamily: 'Helvetica' },
  header: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: 12,
    borderRadius: 4,
    marginBottom: 14,
  },
  logo: { height: 28, maxWidth: 160, objectFit: 'contain' },
  brandName: { fontSize: 14, fontFamily: 'Helvetica-Bold' },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  subtitle: { fontSize: 10, color: '#495057', marginBottom: 2 },
  h2: { fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 6 },
  small: { fontSize: 8, color: '#868e96' },
  footer: {
    position: 'absolute',
    bottom: 20,
    left: 36,
    right: 36,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: '#868e96',
    borderTopWidth: 0.5,
    borderTopColor: '#ced4da',
    paddingTop: 6,
  },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#dee2e6', paddingVertical: 4 },
  headRow: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#868e96', paddingVertical: 4 },
  bold: { fontFamily: 'Helvetica-Bold' },
});

/** The brand's band at the top of the first page. */
export function BrandHeader({ brand, label }: { brand: PdfBrand; label: string }) {
  return (
    <View style={[styles.header, { backgroundColor: brand.primaryColor }]}>
      {brand.logo ? (
        <Image style={styles.logo} src={brand.logo} />
      ) : (
        <Text style={[styles.brandName, { color: brand.onPrimary }]}>{brand.name}</Text>
      )}
      <Text style={{ color: brand.onPrimary, fontSize: 10 }}>{label}</Text>
    </View>
  );
}

/** A page of a report: the footer on every page says what it is, the range and 'Page N of M'. */
export function ReportPage({
  paper,
  footer,
  children,
}: {
  paper: PaperSize;
  footer: string;
  children: ReactNode;
}) {
  return (
    <Page size={PDF_PAGE_SIZE[paper]} style={styles.page} wrap>
      {children}
      <View style={styles.footer} fixed>
        <Text>{footer}</Text>
        <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
      </View>
    </Page>
  );
}

export const paperLabel = (paper: PaperSize) => PAPER_LABELS[paper];
