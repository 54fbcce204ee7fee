import { z } from 'zod';
import { zId } from './common';

export const MSG_FORM_NAME_REQUIRED = 'Form name is required.';

/** A form's name, as typed in 'New Form' and in the form builder. */
export const zFormName = z
  .string({ error: MSG_FORM_NAME_REQUIRED })
  .trim()
  .min(1, { error: MSG_FORM_NAME_REQUIRED })
  .max(120, { error: 'Form name cannot exceed 120 characters.' });

/** createForm(name): the admin's 'New Form' dialog. */
export const ZCreateFormInput = z.object({ name: zFormName });
export type TCreateFormInput = z.infer<typeof ZCreateFormInput>;

/** setFormActive(_id, isActive). */
export const ZSetFormActiveInput = z.object({ _id: zId('Form'), isActive: z.boolean() });
export type TSetFormActiveInput = z.infer<typeof ZSetFormActiveInput>;
