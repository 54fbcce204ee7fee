import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, Paragraph, TextLink } from './parts.js';
import { renderEmail } from './render-email.js';

export type ResetPasswordContent = {
  brand: EmailBrand;
  /** The first name, or the e-mail address when there is none. */
  name: string;
  /** The single-use reset link. */
  link: string;
  expiresInMinutes: number;
};

const subject = (c: ResetPasswordContent) => `Reset your ${c.brand.name} password`;
const greeting = (c: ResetPasswordContent) => `Hello ${c.name},`;
const instructions = (c: ResetPasswordContent) =>
  `To reset your password, open the link below. It works once and expires in ${c.expiresInMinutes} minutes.`;
const IGNORE = 'If you did not ask for this, you can ignore this e-mail; your password stays the same.';

export const resetPasswordText = (c: ResetPasswordContent) =>
  [greeting(c), '', instructions(c), '', c.link, '', IGNORE].join('\n');

export function ResetPasswordEmail(c: ResetPasswordContent) {
  return (
    <BrandedLayout title={subject(c)} brand={c.brand} preview={instructions(c)}>
      <Paragraph>{greeting(c)}</Paragraph>
      <Paragraph>{instructions(c)}</Paragraph>
      <ActionButton brand={c.brand} href={c.link}>
        Reset your password
      </ActionButton>
      <Paragraph muted>
        <TextLink brand={c.brand} href={c.link} />
      </Paragraph>
      <Paragraph muted>{IGNORE}</Paragraph>
    </BrandedLayout>
  );
}

export const renderResetPassword = (c: ResetPasswordContent) =>
  renderEmail({
    subject: subject(c),
    text: resetPasswordText(c),
    element: <ResetPasswordEmail {...c} />,
  });
