// The Performance Summary as a PDF (issue 48): the filters and range, headline figures, program cards,
// the program chart (drawn, with its figures as a table), the location board and the worst questions.
import { Circle, Document, G, Line, Polyline, Svg, Text, View } from '@react-pdf/renderer';
import { Fragment } from 'react';
import {
  ALL_LOCATIONS,
  ALL_PROGRAMS,
  type ChartData,
  formatShortDate,
  LOCATION_BOARD_COLUMNS,
  type PaperSize,
  periodLabel,
} from '../../domain/index.js';
import { BrandHeader, type PdfBrand, ReportPage, STATUS_COLORS, styles } from './pdf-parts.js';
import type { SummaryReport } from './summary-data.js';

export const SUMMARY_PDF_TEXT = {
  title: 'Performance Summary',
  questions: 'Most under-performing questions from Shops',
  noShops: 'No shop data to display in this date range.',
  noQuestions: 'No question data available for the selected filters.',
  scoped: 'Your locations only',
} as const;

const SERIES_COLORS = [
  '#1c7ed6',
  '#e8590c',
  '#2b8a3e',
  '#ae3ec9',
  '#c92a2a',
  '#0c8599',
  '#f08c00',
  '#5f3dc4',
  '#d6336c',
  '#495057',
];

function Headline({ report }: { report: SummaryReport }) {
  const figures = [
    ['Overall score', report.headline.percent === null ? '–' : `${report.headline.percent}%`],
    ['Shops', String(report.headline.shops)],
    ['Locations', String(report.headline.locations)],
    ['Programs', String(report.headline.programs)],
  ];
  return (
    <View style={{ flexDirection: 'row', marginTop: 10 }}>
      {figures.map(([label, value]) => (
        <View
          key={label}
          style={{
            flex: 1,
            borderWidth: 0.5,
            borderColor: '#ced4da',
            borderRadius: 4,
            padding: 8,
            marginRight: 6,
          }}
        >
          <Text style={styles.small}>{label}</Text>
          <Text style={{ fontSize: 16, fontFamily: 'Helvetica-Bold' }}>{value}</Text>
        </View>
      ))}
    </View>
  );
}

function ProgramTable({ report }: { report: SummaryReport }) {
  if (report.cards.length === 0) return null;
  return (
    <View>
      <Text style={styles.h2}>Programs</Text>
      <View style={styles.headRow}>
        <Text style={[styles.bold, { flex: 3 }]}>Program</Text>
        <Text style={[styles.bold, { flex: 1, textAlign: 'right' }]}>Score</Text>
        <Text style={[styles.bold, { flex: 1, textAlign: 'right' }]}>Shops</Text>
        <Text style={[styles.bold, { flex: 1, textAlign: 'right' }]}>Last Shop</Text>
      </View>
      {report.cards.map((card) => (
        <View key={card.programId} style={styles.row} wrap={false}>
          <Text style={{ flex: 3 }}>{card.programName}</Text>
          <Text style={{ flex: 1, textAlign: 'right' }}>
            {card.percent === null ? '–' : `${card.percent}%`}
          </Text>
          <Text style={{ flex: 1, textAlign: 'right' }}>{card.shopCount}</Text>
          <Text style={{ flex: 1, textAlign: 'right' }}>
            {card.lastShopDate ? formatShortDate(card.lastShopDate) : '–'}
          </Text>
        </View>
      ))}
    </View>
  );
}

const CHART = { width: 470, height: 170, left: 28, bottom: 16 };

/** The chart's lines: one per series, 0 to 100 % on the y axis, points spread over the width. */
function ChartDrawing({ data }: { data: ChartData }) {
  const plotW = CHART.width - CHART.left - 6;
  const plotH = CHART.height - CHART.bottom - 6;
  const n = data.points.length;
  const x = (i: number) => CHART.left + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (percent: number) => 6 + plotH - (percent / 100) * plotH;
  return (
    <Svg width={CHART.width} height={CHART.height}>
      {[0, 25, 50, 75, 100].map((p) => (
        <Line
          key={p}
          x1={CHART.left}
          x2={CHART.width - 6}
          y1={y(p)}
          y2={y(p)}
          stroke="#dee2e6"
          strokeWidth={0.5}
        />
      ))}
      {data.series.map((series, s) => {
        const color = SERIES_COLORS[s % SERIES_COLORS.length]!;
        const pts = data.points.flatMap((p, i) => {
          const v = p.values[series];
          return v ? [[x(i), y(v.percent)] as const] : [];
        });
        return (
          <G key={series}>
            {pts.length > 1 && (
              <Polyline
                points={pts.map(([px, py]) => `${px},${py}`).join(' ')}
                stroke={color}
                strokeWidth={s === 0 ? 2 : 1}
                fill="none"
              />
            )}
            {pts.map(([px, py]) => (
              <Circle key={`${px}`} cx={px} cy={py} r={s === 0 ? 2.5 : 1.5} fill={color} />
            ))}
          </G>
        );
      })}
    </Svg>
  );
}

function ChartSection({ report }: { report: SummaryReport }) {
  const chart = report.chart;
  if (!chart) return null;
  const { data } = chart;
  return (
    <View>
      <Text style={styles.h2}>{`${chart.program} Program Performance`}</Text>
      {data.points.length === 0 ? (
        <Text>No data available for the selected filters.</Text>
      ) : (
        <View>
          <View style={{ flexDirection: 'row' }}>
            <View style={{ width: 24, height: CHART.height - CHART.bottom, justifyContent: 'space-between' }}>
              {['100%', '75%', '50%', '25%', '0%'].map((l) => (
                <Text key={l} style={styles.small}>
                  {l}
                </Text>
              ))}
            </View>
            <ChartDrawing data={data} />
          </View>
          <View style={{ flexDirection: 'row', flexWrap: 'wrap', marginTop: 4 }}>
            {data.series.map((series, s) => (
              <View key={series} style={{ flexDirection: 'row', alignItems: 'center', marginRight: 10 }}>
                <View
                  style={{
                    width: 8,
                    height: 8,
                    backgroundColor: SERIES_COLORS[s % SERIES_COLORS.length],
                    marginRight: 3,
                  }}
                />
                <Text style={{ fontSize: 8 }}>{series}</Text>
              </View>
            ))}
          </View>
          <Text style={[styles.small, { marginTop: 6 }]}>
            {`${chart.granularity === 'monthly' ? 'Monthly' : 'Daily'} averages, percent of the possible score (number of shops)`}
          </Text>
          <View style={styles.headRow}>
            <Text style={[styles.bold, { flex: 1.2, fontSize: 8 }]}>
              {chart.granularity === 'monthly' ? 'Month' : 'Day'}
            </Text>
            {data.series.map((s) => (
              <Text key={s} style={[styles.bold, { flex: 1, fontSize: 8, textAlign: 'right' }]}>
                {s}
              </Text>
            ))}
          </View>
          {data.points.map((p) => (
            <View key={p.key} style={styles.row} wrap={false}>
              <Text style={{ flex: 1.2, fontSize: 8 }}>{p.label}</Text>
              {data.series.map((s) => {
                const v = p.values[s];
                return (
                  <Text key={s} style={{ flex: 1, fontSize: 8, textAlign: 'right' }}>
                    {v ? `${v.percent}% (${v.shops})` : '–'}
                  </Text>
                );
              })}
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

/** Cards per printed row of a board column. */
const BOARD_ROW = 3;

/**
 * The location board: Strong, Growth Opportunity and Needs Attention one after the other, each with
 * its locations (lowest score first) three to a row. Flat rows paginate fast: a chain's 2,700 locations
 * are 20 pages in well under the 2 s budget, where three tall side-by-side columns took seconds.
 */
function Board({ report }: { report: SummaryReport }) {
  return (
    <>
      <Text style={styles.h2} minPresenceAhead={60}>
        Location Performance
      </Text>
      {LOCATION_BOARD_COLUMNS.map((column) => {
        const cards = report.board[column.key];
        const rows: (typeof cards)[] = [];
        for (let i = 0; i < cards.length; i += BOARD_ROW) rows.push(cards.slice(i, i + BOARD_ROW));
        return (
          <Fragment key={column.key}>
            <Text
              style={[styles.bold, { color: STATUS_COLORS[column.status], marginBottom: 4 }]}
              minPresenceAhead={20}
            >
              {`${column.title} (${cards.length})`}
            </Text>
            {cards.length === 0 && <Text style={styles.small}>No locations</Text>}
            {rows.map((row) => (
              <View key={row[0]!.name} style={{ flexDirection: 'row', marginBottom: 2 }} wrap={false}>
                {row.map((l) => (
                  <Text
                    key={l.name}
                    style={{
                      width: '32%',
                      marginRight: '1.3%',
                      fontSize: 8.5,
                      borderLeftWidth: 2,
                      borderLeftColor: STATUS_COLORS[l.status],
                      paddingLeft: 4,
                      paddingVertical: 1,
                    }}
                  >
                    {`${l.percent}%  ${l.name}`}
                  </Text>
                ))}
              </View>
            ))}
          </Fragment>
        );
      })}
    </>
  );
}

function Questions({ report }: { report: SummaryReport }) {
  return (
    <View wrap={false}>
      <Text style={styles.h2}>{SUMMARY_PDF_TEXT.questions}</Text>
      {report.worstQuestions.length === 0 && <Text>{SUMMARY_PDF_TEXT.noQuestions}</Text>}
      {report.worstQuestions.map((q) => (
        <View key={`${q.quotedPrompt}${q.programName}`} style={styles.row}>
          <View style={{ flex: 1 }}>
            <Text>{q.quotedPrompt}</Text>
            <Text style={styles.small}>{q.programName}</Text>
          </View>
          <Text style={[styles.bold, { color: STATUS_COLORS[q.status] }]}>{`${q.percent}%`}</Text>
        </View>
      ))}
    </View>
  );
}

/** The filter line: range, program, location and region as chosen. */
export function filterLine(report: SummaryReport): string {
  const parts = [
    report.filters.program === ALL_PROGRAMS ? ALL_PROGRAMS : `Program: ${report.filters.program}`,
    report.filters.location === ALL_LOCATIONS ? ALL_LOCATIONS : `Location: ${report.filters.location}`,
  ];
  if (report.regionName) parts.push(`Region: ${report.regionName}`);
  if (report.scoped) parts.push(SUMMARY_PDF_TEXT.scoped);
  return parts.join(' · ');
}

export function SummaryPdf({
  report,
  brand,
  paper,
  accountName,
  generatedOn,
}: {
  report: SummaryReport;
  brand: PdfBrand;
  paper: PaperSize;
  accountName: string;
  /** 'March 2, 2026'. */
  generatedOn: string;
}) {
  const range = periodLabel(report.period);
  return (
    <Document title={`${SUMMARY_PDF_TEXT.title} ${range}`} author={brand.name} creator={brand.name}>
      <ReportPage paper={paper} footer={`${brand.name} · ${SUMMARY_PDF_TEXT.title} · ${range}`}>
        <BrandHeader brand={brand} label={SUMMARY_PDF_TEXT.title} />
        <Text style={styles.title}>{SUMMARY_PDF_TEXT.title}</Text>
        <Text style={styles.subtitle}>{`${accountName} · ${range}`}</Text>
        <Text style={styles.subtitle}>{filterLine(report)}</Text>
        <Text style={styles.small}>{`Generated on ${generatedOn}`}</Text>
        {report.headline.shops === 0 ? (
          <Text style={{ marginTop: 14 }}>{SUMMARY_PDF_TEXT.noShops}</Text>
        ) : (
          <>
            <Headline report={report} />
            <ProgramTable report={report} />
            <ChartSection report={report} />
            <Board report={report} />
          </>
        )}
        <Questions report={report} />
      </ReportPage>
    </Document>
  );
}
