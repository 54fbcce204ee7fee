import { INVITATION_DAYS } from '../../domain/index.js';
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, Paragraph, TextLink } from './parts.js';
import { renderEmail } from './render-email.js';

export type TeamInvitationContent = {
  brand: EmailBrand;
  /** Who invites: their name, or e-mail address. */
  inviterName: string;
  /** The account's business name (or its owner's name). */
  accountName: string;
  /** The role's label: Admin or Manager. */
  roleLabel: string;
  /** The single-use link that accepts. */
  link: string;
};

const subject = (c: TeamInvitationContent) =>
  `${c.inviterName} invited you to ${c.accountName} on ${c.brand.name}`;
const invitation = (c: TeamInvitationContent) =>
  `${c.inviterName} invited you to join ${c.accountName} on ${c.brand.name} as ${c.roleLabel === 'Admin' ? 'an' : 'a'} ${c.roleLabel}.`;
const HOW = `Open the link below to accept: set a password, or log in if you already have one. It works once and expires in ${INVITATION_DAYS} days.`;
const IGNORE = 'If you did not expect this invitation, you can ignore this e-mail.';

export const teamInvitationText = (c: TeamInvitationContent) =>
  [invitation(c), '', HOW, '', c.link, '', IGNORE].join('\n');

export function TeamInvitationEmail(c: TeamInvitationContent) {
  return (
    <BrandedLayout title={subject(c)} brand={c.brand} preview={invitation(c)}>
      <Paragraph>{invitation(c)}</Paragraph>
      <Paragraph>{HOW}</Paragraph>
      <ActionButton brand={c.brand} href={c.link}>
        Accept the invitation
      </ActionButton>
      <Paragraph muted>
        <TextLink brand={c.brand} href={c.link} />
      </Paragraph>
      <Paragraph muted>{IGNORE}</Paragraph>
    </BrandedLayout>
  );
}

export const renderTeamInvitation = (c: TeamInvitationContent) =>
  renderEmail({ subject: subject(c), text: teamInvitationText(c), element: <TeamInvitationEmail {...c} /> });
