import { describe, expect, it } from 'vitest';
import {
  aggregateReport,
  invoiceStatusLabel,
  isInvoiceListed,
  locationBoard,
  onePerProgramAndLocation,
  performanceStatus,
  programCards,
  type ShopScoreRecord,
  scoreColor,
  shopStats,
  summedScore,
  wholePercent,
} from './reporting';

const record = (name: string, score: number, possible: number, extra: Partial<ShopScoreRecord> = {}) => ({
  name,
  total_score: score,
  total_possible_score: possible,
  ...extra,
});

describe('whole percents', () => {
  it.each([
    [0, 0],
    [0.5, 50],
    [0.285, 29],
    [0.894, 89],
    [0.895, 90],
    [0.999, 100],
    [1, 100],
  ])('shows score %d as %i percent', (score, percent) => {
    expect(wholePercent(score)).toBe(percent);
  });
});

describe('summedScore', () => {
  it('divides the summed total_score by the summed total_possible_score', () => {
    expect(summedScore([record('A', 8, 10), record('A', 1, 10)])).toBe(0.45);
  });

  it('is null when nothing was possible', () => {
    expect(summedScore([record('A', 0, 0)])).toBeNull();
    expect(summedScore([])).toBeNull();
  });

  it('weights by possible score, not by shop', () => {
    // Averaging 0.5 and 1.0 would give 0.75; summing gives 11/20.
    expect(summedScore([record('A', 9, 18), record('A', 2, 2)])).toBe(0.55);
  });
});

describe('performanceStatus', () => {
  it.each([
    [0, 'error'],
    [0.79, 'error'],
    [0.7999, 'error'],
    [0.8, 'warn'],
    [0.89, 'warn'],
    [0.8999, 'warn'],
    [0.9, 'success'],
    [1, 'success'],
  ])('rates %d as %s', (score, status) => {
    expect(performanceStatus(score)).toBe(status);
  });
});

describe('scoreColor', () => {
  it.each([
    [0, 'red'],
    [69, 'red'],
    [70, 'blue'],
    [89, 'blue'],
    [90, 'green'],
    [100, 'green'],
  ])('colours %i percent %s', (percent, color) => {
    expect(scoreColor(percent)).toBe(color);
  });
});

describe('programCards', () => {
  it('shows each program’s summed score, shop count and last shop date', () => {
    const shops = [
      record('A', 9, 10, { program_id: 7, program_name: 'Lunch', shop_date: '2024-03-02' }),
      record('B', 7, 10, { program_id: 7, program_name: 'Lunch', shop_date: '2024-04-15' }),
      record('A', 0, 0, { program_id: 9, program_name: 'Drive Thru', shop_date: 'bad date' }),
    ];
    expect(programCards(shops)).toEqual([
      {
        programId: '7',
        programName: 'Lunch',
        score: 0.8,
        percent: 80,
        shopCount: 2,
        lastShopDate: new Date('2024-04-15T00:00:00Z'),
      },
      {
        programId: '9',
        programName: 'Drive Thru',
        score: null,
        percent: null,
        shopCount: 1,
        lastShopDate: null,
      },
    ]);
  });
});

describe('programCards of grouped records', () => {
  it('counts the shops of each group and takes the last shop date of the groups', () => {
    const groups = [
      {
        ...record('A', 18, 20, { program_id: 7, program_name: 'Lunch', shop_date: '2024-03-02' }),
        last_shop_date: '2024-03-28',
        shop_count: 2,
      },
      {
        ...record('B', 7, 10, { program_id: 7, program_name: 'Lunch', shop_date: '2024-02-01' }),
        last_shop_date: '2024-02-01',
        shop_count: 1,
      },
    ];
    expect(programCards(groups)).toEqual([
      expect.objectContaining({
        score: 25 / 30,
        percent: 83,
        shopCount: 3,
        lastShopDate: new Date('2024-03-28T00:00:00Z'),
      }),
    ]);
  });
});

describe('locationBoard', () => {
  const shops = [
    record('Downtown', 19, 20), // 0.95
    record('Airport', 9, 10), // 0.90
    record('Mall', 17, 20), // 0.85
    record('Mall', 0, 0),
    record('Harbor', 8, 10), // 0.80
    record('Station', 79, 100), // 0.79
    record('Old Town', 1, 10), // 0.10
    record('Closed', 0, 0), // no score
  ];

  it('groups locations into Strong, Growth Opportunity and Needs Attention, each ascending by score', () => {
    const board = locationBoard(shops);
    const names = (column: { name: string; percent: number }[]) =>
      column.map((l) => `${l.name} ${l.percent}%`);
    expect(names(board.strong)).toEqual(['Airport 90%', 'Downtown 95%']);
    expect(names(board.growthOpportunity)).toEqual(['Harbor 80%', 'Mall 85%']);
    expect(names(board.needsAttention)).toEqual(['Old Town 10%', 'Station 79%']);
  });
});

describe('invoices', () => {
  it.each([
    [true, false, 'Paid', true],
    [true, true, 'Paid', true],
    [false, true, 'Error Processing Payment', true],
    [false, false, 'Unpaid', false],
  ])('paid %s and attempted %s is %s, listed: %s', (paid, attempted, label, listed) => {
    expect(invoiceStatusLabel({ paid, attempted })).toBe(label);
    expect(isInvoiceListed({ paid, attempted })).toBe(listed);
  });
});

describe('aggregate report', () => {
  const service = (achieved: number, total: number) => ({
    sectionName: 'Service',
    scoreAchieved: achieved,
    scoreTotal: total,
  });
  const cleanliness = (achieved: number, total: number) => ({
    sectionName: 'Cleanliness',
    scoreAchieved: achieved,
    scoreTotal: total,
  });

  it('drops sections with total score 0, and a shop with none left has no stats', () => {
    expect(shopStats([service(0, 0), cleanliness(3, 4)])).toEqual([cleanliness(3, 4)]);
    expect(shopStats([service(0, 0)])).toBeNull();
    expect(shopStats(null)).toBeNull();
  });

  it('sums sections over the shops with stats', () => {
    const shops = [
      { stats: [service(8, 10), cleanliness(4, 4)] },
      { stats: [service(5, 10), cleanliness(0, 0)] },
      { stats: null },
    ];
    expect(aggregateReport(shops)).toEqual([
      { sectionName: 'Service', scoreAchieved: 13, scoreTotal: 20, percentage: 65 },
      { sectionName: 'Cleanliness', scoreAchieved: 4, scoreTotal: 4, percentage: 100 },
    ]);
  });

  it('appears only when at least 2 shops have stats', () => {
    expect(aggregateReport([{ stats: [service(8, 10)] }, { stats: [service(0, 0)] }, {}])).toBeNull();
  });
});

describe('survey list', () => {
  it('keeps one survey per program and location pair', () => {
    const rows = [
      { programId: 1, clientLocationId: 10, surveyCode: 'a' },
      { programId: 1, clientLocationId: 10, surveyCode: 'b' },
      { programId: 1, clientLocationId: 11, surveyCode: 'c' },
      { programId: 2, clientLocationId: 10, surveyCode: 'd' },
      { programId: '1', clientLocationId: '11', surveyCode: 'e' },
    ];
    expect(onePerProgramAndLocation(rows).map((row) => row.surveyCode)).toEqual(['a', 'c', 'd']);
  });
});
