import { z } from 'zod';
import { zId } from './common';

export const MSG_INDUSTRY_NAME_REQUIRED = 'Industry name is required.';

/** addIndustry(title, brandId): the admin's add-industry form. */
export const ZIndustryInput = z.object({
  title: z
    .string({ error: MSG_INDUSTRY_NAME_REQUIRED })
    .trim()
    .min(1, { error: MSG_INDUSTRY_NAME_REQUIRED })
    .max(200, { error: 'Industry name cannot exceed 200 characters.' }),
  brandId: zId('Brand'),
});
export type TIndustryInput = z.infer<typeof ZIndustryInput>;
