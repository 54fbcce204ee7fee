import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, Paragraph } from './parts.js';
import { renderEmail } from './render-email.js';

/**
 * A security notice (issue 50): a new sign-in, a second factor removed, a new API key, ownership
 * handed on. Sent whatever the person's e-mail preferences say: these cannot be turned off.
 */
export type SecurityNoticeContent = {
  brand: EmailBrand;
  /** The first name, or the e-mail address when there is none. */
  name: string;
  subject: string;
  /** What happened, one paragraph each. */
  lines: string[];
  /** Where to look and act (the security page, the API keys, the team). */
  link: string;
  linkLabel: string;
};

const NOT_YOU =
  'If this was not you or someone you work with, change your password and sign out the other sessions on your security page, then tell your account owner.';
const WHY = 'We send these security notices to every login; they cannot be turned off.';

export const securityNoticeText = (c: SecurityNoticeContent) =>
  [
    `Hello ${c.name},`,
    '',
    ...c.lines.flatMap((l) => [l, '']),
    `${c.linkLabel}: ${c.link}`,
    '',
    NOT_YOU,
    '',
    WHY,
  ].join('\n');

export function SecurityNoticeEmail(c: SecurityNoticeContent) {
  return (
    <BrandedLayout title={c.subject} brand={c.brand} preview={c.lines[0] ?? c.subject}>
      <Paragraph>{`Hello ${c.name},`}</Paragraph>
      {c.lines.map((l) => (
        <Paragraph key={l}>{l}</Paragraph>
      ))}
      <ActionButton brand={c.brand} href={c.link}>
        {c.linkLabel}
      </ActionButton>
      <Paragraph muted>{NOT_YOU}</Paragraph>
      <Paragraph muted>{WHY}</Paragraph>
    </BrandedLayout>
  );
}

export const renderSecurityNotice = (c: SecurityNoticeContent) =>
  renderEmail({ subject: c.subject, text: securityNoticeText(c), element: <SecurityNoticeEmail {...c} /> });
