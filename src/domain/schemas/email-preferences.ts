import { z } from 'zod';
import { zBooleanish } from './common';

/** The six communication preferences (account-and-reporting: Communication Preferences). */
export const ZEmailPreferencesInput = z.object({
  receiveMarketing: zBooleanish(),
  receiveShopScheduled: zBooleanish(),
  receiveShopQA: zBooleanish(),
  receiveShopComplete: zBooleanish(),
  receiveSurveyComplete: zBooleanish(),
  receiveAsDigest: zBooleanish(),
});
export type TEmailPreferencesInput = z.infer<typeof ZEmailPreferencesInput>;
