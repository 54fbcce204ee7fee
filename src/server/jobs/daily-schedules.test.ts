import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { dailySchedules } from '../wiring/background-work.js';

const config = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...env });

describe('the daily schedules from the configuration', () => {
  it('queues visit scheduling at 05:00, billing at 06:00, the digest at 07:00, action plan reminders at 08:00, the scheduled report e-mails at 06:30, the audit log prune at 03:30, the benchmark rollup at 02:30, the visit deadlines at 00:15 and the visit offers at 14:00 UTC by default', () => {
    expect(dailySchedules(config())).toEqual([
      { job: 'visit-scheduling', at: '05:00' },
      { job: 'billing-run', at: '06:00' },
      { job: 'daily-digest', at: '07:00' },
      { job: 'action-plan-reminders', at: '08:00' },
      { job: 'report-schedules', at: '06:30' },
      { job: 'audit-prune', at: '03:30' },
      { job: 'benchmark-rollup', at: '02:30' },
      { job: 'visit-deadlines', at: '00:15' },
      { job: 'visit-offers', at: '14:00' },
    ]);
  });

  it('takes other times, and off for a run an operator schedules with the CLI instead', () => {
    expect(
      dailySchedules(
        config({
          BILLING_RUN_AT: '23:59',
          VISIT_SCHEDULING_AT: 'off',
          DIGEST_AT: 'off',
          ACTION_PLAN_REMINDERS_AT: 'off',
          REPORT_EMAILS_AT: 'off',
          AUDIT_PRUNE_AT: 'off',
          BENCHMARK_ROLLUP_AT: 'off',
          VISIT_DEADLINES_AT: 'off',
          VISIT_OFFERS_AT: 'off',
        }),
      ),
    ).toEqual([{ job: 'billing-run', at: '23:59' }]);
    expect(
      dailySchedules(
        config({
          BILLING_RUN_AT: 'off',
          VISIT_SCHEDULING_AT: '00:00',
          DIGEST_AT: '18:30',
          ACTION_PLAN_REMINDERS_AT: '12:15',
          REPORT_EMAILS_AT: '09:45',
          AUDIT_PRUNE_AT: '02:00',
          BENCHMARK_ROLLUP_AT: '01:10',
          VISIT_DEADLINES_AT: '00:45',
          VISIT_OFFERS_AT: 'off',
        }),
      ),
    ).toEqual([
      { job: 'visit-scheduling', at: '00:00' },
      { job: 'daily-digest', at: '18:30' },
      { job: 'action-plan-reminders', at: '12:15' },
      { job: 'report-schedules', at: '09:45' },
      { job: 'audit-prune', at: '02:00' },
      { job: 'benchmark-rollup', at: '01:10' },
      { job: 'visit-deadlines', at: '00:45' },
    ]);
  });

  it.each(['24:00', '6:00', '06:60', 'noon', ''])('refuses %j, naming the variable', (value) => {
    expect(() => config({ BILLING_RUN_AT: value })).toThrow(ConfigError);
    expect(() => config({ BILLING_RUN_AT: value })).toThrow(/BILLING_RUN_AT: must be a time of day as HH:MM/);
    expect(() => config({ VISIT_SCHEDULING_AT: value })).toThrow(
      /VISIT_SCHEDULING_AT: must be a time of day/,
    );
    expect(() => config({ DIGEST_AT: value })).toThrow(/DIGEST_AT: must be a time of day/);
    expect(() => config({ ACTION_PLAN_REMINDERS_AT: value })).toThrow(
      /ACTION_PLAN_REMINDERS_AT: must be a time of day/,
    );
  });
});
