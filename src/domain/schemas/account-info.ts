import { z } from 'zod';
import { ZProfile, zEmail } from './account';
import { zEmailList } from './additional-emails';

/** The profile with its comma-separated additional e-mails checked one by one. */
export const ZProfileWithEmails = ZProfile.extend({ additionalEmails: zEmailList('Additional Emails') });
export type TProfileWithEmails = z.infer<typeof ZProfileWithEmails>;

/** saveAccountInfo(input: email and profile). */
export const ZAccountInfoInput = z.object({ email: zEmail, profile: ZProfileWithEmails });
export type TAccountInfoInput = z.infer<typeof ZAccountInfoInput>;
