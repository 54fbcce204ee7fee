import { describe, expect, it } from 'vitest';
import { legendClick, OVERALL_SERIES, pointSize, programChartData, shopCountLabel } from './summary-chart';

const shops = [
  { shop_id: 1, shop_date: '2024-01-05', total_score: 8, total_possible_score: 10 },
  { shop_id: 2, shop_date: '2024-01-05', total_score: 6, total_possible_score: 10 },
  { shop_id: 3, shop_date: '2024-01-20', total_score: 9, total_possible_score: 10 },
  { shop_id: 4, shop_date: '2024-02-02', total_score: 0, total_possible_score: 0 },
];
const sections = [
  { shop_id: 1, shop_date: '2024-01-05', section_header: 'Service', percent_score: 1 },
  { shop_id: 2, shop_date: '2024-01-05', section_header: 'Service', percent_score: 0.5 },
  { shop_id: 1, shop_date: '2024-01-05', section_header: 'Cleanliness', percent_score: 0 },
  { shop_id: 3, shop_date: '2024-01-20', section_header: 'Service', percent_score: 0.9 },
  { shop_id: 3, shop_date: '2024-01-20', section_header: 'Cleanliness', percent_score: 0 },
];

describe('programChartData', () => {
  it('averages each series per day as whole percents', () => {
    const data = programChartData({ shops, sections, granularity: 'daily' });
    expect(data.points.map((p) => p.key)).toEqual(['2024-01-05', '2024-01-20']);
    expect(data.points[0]).toEqual({
      key: '2024-01-05',
      label: 'Jan 5',
      values: {
        [OVERALL_SERIES]: { percent: 70, shops: 2 },
        Service: { percent: 75, shops: 2 },
        Cleanliness: { percent: 0, shops: 1 },
      },
    });
    expect(data.maxShops).toBe(2);
  });

  it('averages per month when monthly', () => {
    const data = programChartData({ shops, sections, granularity: 'monthly' });
    expect(data.points.map((p) => [p.key, p.label])).toEqual([['2024-01', 'Jan 2024']]);
    // (0.8 + 0.6 + 0.9) / 3 and (1 + 0.5 + 0.9) / 3
    expect(data.points[0]!.values[OVERALL_SERIES]).toEqual({ percent: 77, shops: 3 });
    expect(data.points[0]!.values.Service).toEqual({ percent: 80, shops: 3 });
  });

  it('draws a series only if some score is above 0, and leaves shops with nothing possible out', () => {
    const data = programChartData({ shops, sections, granularity: 'daily' });
    expect(data.series).toEqual([OVERALL_SERIES, 'Service']);
    expect(data.points.some((p) => p.key === '2024-02-02')).toBe(false);
  });

  it('gives grouped records (the dashboard) the same points as the shops they sum', () => {
    // The shops and sections above, grouped per day as /api/summary/*?groupBy=day returns them.
    const grouped = programChartData({
      shops: [
        {
          shop_date: '2024-01-05',
          total_score: 14,
          total_possible_score: 20,
          percent_sum: 1.4,
          scored_shops: 2,
        },
        {
          shop_date: '2024-01-20',
          total_score: 9,
          total_possible_score: 10,
          percent_sum: 0.9,
          scored_shops: 1,
        },
        { shop_date: '2024-02-02', total_score: 0, total_possible_score: 0, percent_sum: 0, scored_shops: 0 },
      ],
      sections: [
        { shop_date: '2024-01-05', section_header: 'Service', percent_sum: 1.5, shop_count: 2 },
        { shop_date: '2024-01-05', section_header: 'Cleanliness', percent_sum: 0, shop_count: 1 },
        { shop_date: '2024-01-20', section_header: 'Service', percent_sum: 0.9, shop_count: 1 },
        { shop_date: '2024-01-20', section_header: 'Cleanliness', percent_sum: 0, shop_count: 1 },
      ],
      granularity: 'monthly',
    });
    expect(grouped).toEqual(programChartData({ shops, sections, granularity: 'monthly' }));
    expect(grouped.points[0]!.values[OVERALL_SERIES]).toEqual({ percent: 77, shops: 3 });
  });

  it('has no points and no series without data', () => {
    expect(programChartData({ shops: [], sections: [], granularity: 'daily' })).toEqual({
      series: [],
      points: [],
      maxShops: 0,
    });
  });
});

describe('pointSize', () => {
  it.each([
    [1, 1, 6],
    [1, 5, 6],
    [3, 5, 9],
    [5, 5, 12],
    [9, 5, 12],
  ])('is %i shops of at most %i: radius %d', (count, max, size) => {
    expect(pointSize(count, max)).toBe(size);
  });
});

describe('shopCountLabel', () => {
  it.each([
    [1, '1 shop'],
    [2, '2 shops'],
    [0, '0 shops'],
  ])('%i -> %s', (count, label) => {
    expect(shopCountLabel(count)).toBe(label);
  });
});

describe('legendClick', () => {
  const all = ['Overall', 'Service', 'Speed'];
  it.each([
    ['isolates the clicked series when all are on', all, 'Service', ['Service']],
    ['turns another series on', ['Service'], 'Speed', ['Service', 'Speed']],
    ['turns a series off', ['Service', 'Speed'], 'Speed', ['Service']],
    ['turns all back on when none would remain', ['Service'], 'Service', all],
    ['keeps legend order', ['Speed'], 'Overall', ['Overall', 'Speed']],
  ])('%s', (_name, visible, clicked, expected) => {
    expect(legendClick(visible, all, clicked)).toEqual(expected);
  });
});
