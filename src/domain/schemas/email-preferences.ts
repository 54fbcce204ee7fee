import { z } from 'zod';
import { zBooleanish } from './common';

/** The spec's six communication preferences (account-and-reporting: Communication Preferences), and action plans. */
export const ZEmailPreferencesInput = z.object({
  receiveMarketing: zBooleanish(),
  receiveShopScheduled: zBooleanish(),
  receiveShopQA: zBooleanish(),
  receiveShopComplete: zBooleanish(),
  receiveSurveyComplete: zBooleanish(),
  receiveAsDigest: zBooleanish(),
  /** Action plans (issue 19): optional, so a client that sends the spec's six keeps the stored value. */
  receiveActionPlans: z
    .union([z.boolean(), z.string(), z.number()])
    .nullish()
    .transform((v) => (v === undefined || v === null ? undefined : zBooleanish().parse(v))),
  /** Score alerts (issue 48): optional as action plans are. */
  receiveScoreAlerts: z
    .union([z.boolean(), z.string(), z.number()])
    .nullish()
    .transform((v) => (v === undefined || v === null ? undefined : zBooleanish().parse(v))),
});
export type TEmailPreferencesInput = z.infer<typeof ZEmailPreferencesInput>;
