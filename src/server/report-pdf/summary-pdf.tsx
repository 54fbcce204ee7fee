// The Performance Summary as a PDF (issue 48): the filters and range, headline figures, program cards,
// the program chart (drawn, with its figures as a table), the location board and the worst questions.
import { Circle, Document, G, Line, Polyline, Svg, Text, View } from '@react-pdf/renderer';
import {
  ALL_LOCATIONS,
  ALL_PROGRAMS,
  type ChartData,
  formatShortDate,
  type PaperSize,
  periodLabel,
} from '../../domain/index.js';
import { BOARD, type BoardItem, boardCardText, boardHeight, boardItems, boardPages } from './board-pages.js';
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

const boardStyles = {
  heading: {
    fontSize: BOARD.headingFontSize,
    fontFamily: 'Helvetica-Bold',
    lineHeight: BOARD.lineHeight,
    marginTop: BOARD.headingGapAbove,
    marginBottom: BOARD.headingGapBelow,
  },
  title: {
    fontSize: BOARD.titleFontSize,
    fontFamily: 'Helvetica-Bold',
    lineHeight: BOARD.lineHeight,
    marginBottom: BOARD.titleGapBelow,
  },
  empty: { fontSize: BOARD.emptyFontSize, lineHeight: BOARD.lineHeight, color: '#868e96' },
  row: { flexDirection: 'row', marginBottom: BOARD.rowGap },
  card: {
    width: `${BOARD.cardWidthPercent}%`,
    marginRight: `${BOARD.cardGapPercent}%`,
    fontSize: BOARD.cardFontSize,
    lineHeight: BOARD.lineHeight,
    borderLeftWidth: BOARD.cardBorder,
    paddingLeft: BOARD.cardPaddingLeft,
    paddingVertical: BOARD.cardPaddingVertical,
  },
} as const;

/**
 * Part of the location board: Strong, Growth Opportunity and Needs Attention one after the other, each
 * with its locations (lowest score first) in three columns read downwards, each column one text (a
 * text per location made the board's layout most of the render). board-pages.ts cuts it into pages.
 */
function BoardPart({ items }: { items: BoardItem[] }) {
  return (
    <>
      {items.map((item, i) => {
        switch (item.kind) {
          case 'heading':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one page, in order
              <Text key={i} style={boardStyles.heading}>
                Location Performance
              </Text>
            );
          case 'title':
            return (
              <Text
                key={item.column.key}
                style={[
                  boardStyles.title,
                  {
                    color: STATUS_COLORS[item.column.status],
                    marginTop: item.first ? 0 : BOARD.titleGapAbove,
                  },
                ]}
              >
                {`${item.column.title} (${item.count})`}
              </Text>
            );
          case 'empty':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one page, in order
              <Text key={i} style={boardStyles.empty}>
                No locations
              </Text>
            );
          default:
            return (
              <View key={item.columns[0]![0]!.name} style={boardStyles.row}>
                {item.columns.map((cards) => (
                  <Text
                    key={cards[0]!.name}
                    style={[boardStyles.card, { borderLeftColor: STATUS_COLORS[cards[0]!.status] }]}
                  >
                    {cards.map(boardCardText).join('\n')}
                  </Text>
                ))}
              </View>
            );
        }
      })}
    </>
  );
}

/** A board up to this height (points) follows the summary's first part on its page; a longer one has pages of its own. */
const INLINE_BOARD_MAX = 220;

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
  const footer = `${brand.name} · ${SUMMARY_PDF_TEXT.title} · ${range}`;
  const hasShops = report.headline.shops > 0;
  // A short board follows the chart on the first page; a long one starts a page and is cut into pages.
  const inline = hasShops && boardHeight(report.board, paper) <= INLINE_BOARD_MAX;
  const pages = hasShops && !inline ? boardPages(report.board, paper) : [];
  return (
    <Document title={`${SUMMARY_PDF_TEXT.title} ${range}`} author={brand.name} creator={brand.name}>
      <ReportPage paper={paper} footer={footer}>
        <BrandHeader brand={brand} label={SUMMARY_PDF_TEXT.title} />
        <Text style={styles.title}>{SUMMARY_PDF_TEXT.title}</Text>
        <Text style={styles.subtitle}>{`${accountName} · ${range}`}</Text>
        <Text style={styles.subtitle}>{filterLine(report)}</Text>
        <Text style={styles.small}>{`Generated on ${generatedOn}`}</Text>
        {hasShops ? (
          <>
            <Headline report={report} />
            <ProgramTable report={report} />
            <ChartSection report={report} />
            {inline && <BoardPart items={boardItems(report.board, paper)} />}
          </>
        ) : (
          <Text style={{ marginTop: 14 }}>{SUMMARY_PDF_TEXT.noShops}</Text>
        )}
        {pages.length === 0 && <Questions report={report} />}
      </ReportPage>
      {pages.map((items, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the board's pages, in order
        <ReportPage key={i} paper={paper} footer={footer}>
          <BoardPart items={items} />
          {i === pages.length - 1 && <Questions report={report} />}
        </ReportPage>
      ))}
    </Document>
  );
}
