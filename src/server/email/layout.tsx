import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import type { ReactNode } from 'react';
import type { EmailBrand } from './email-brand.js';
import { BORDER, FONT, PAGE_BACKGROUND } from './styles.js';

/** The logo's height in the header; the width follows the image's own proportions. */
const LOGO_HEIGHT = 48;

export const PREFERENCES_LABEL = 'Manage your e-mail preferences';
export const UNSUBSCRIBE_LABEL = 'Unsubscribe';

/** The plain-text part's footer lines for the preferences and unsubscribe links (none when neither). */
export function footerTextLines(links: { preferencesUrl?: string | null; unsubscribeUrl?: string | null }) {
  return [
    ...(links.preferencesUrl ? [`${PREFERENCES_LABEL}: ${links.preferencesUrl}`] : []),
    ...(links.unsubscribeUrl ? [`${UNSUBSCRIBE_LABEL}: ${links.unsubscribeUrl}`] : []),
    ...(links.preferencesUrl || links.unsubscribeUrl ? [''] : []),
  ];
}

/**
 * Every e-mail's frame: a 600 px card on a light page, the brand's header (logo, or its name, on the
 * primary colour), the message, and a footer with the brand's name on the secondary colour. Messages a
 * customer can turn off (preferencesUrl given) link to their preferences in the footer.
 */
export function BrandedLayout(props: {
  /** The subject, as the document's title (shown by clients that open the message as a page). */
  title: string;
  brand: EmailBrand;
  /** The line inboxes show after the subject. */
  preview: string;
  /** /account/preferences, for messages the recipient's preferences govern. */
  preferencesUrl?: string | null;
  /** The message's one-click unsubscribe link (notifications/unsubscribe.ts), for messages one may stop. */
  unsubscribeUrl?: string | null;
  children: ReactNode;
}) {
  const { brand } = props;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{props.title}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: PAGE_BACKGROUND, margin: 0, padding: '24px 12px', fontFamily: FONT }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            border: `1px solid ${BORDER}`,
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          <Section style={{ backgroundColor: brand.primaryColor, padding: '20px 32px' }}>
            {brand.logoUrl ? (
              <Img
                src={brand.logoUrl}
                alt={brand.name}
                height={LOGO_HEIGHT}
                style={{
                  height: LOGO_HEIGHT,
                  width: 'auto',
                  maxWidth: 320,
                  color: brand.onPrimary,
                  fontSize: 20,
                  fontWeight: 700,
                }}
              />
            ) : (
              <p
                style={{
                  margin: 0,
                  color: brand.onPrimary,
                  fontSize: 22,
                  lineHeight: '32px',
                  fontWeight: 700,
                }}
              >
                {brand.name}
              </p>
            )}
          </Section>
          <Section style={{ padding: '32px 32px 16px' }}>{props.children}</Section>
          <Section style={{ backgroundColor: brand.secondaryColor, padding: '16px 32px' }}>
            <p
              style={{
                margin: 0,
                color: brand.onSecondary,
                fontSize: 14,
                lineHeight: '20px',
                fontWeight: 600,
              }}
            >
              {brand.name}
            </p>
            {props.preferencesUrl || props.unsubscribeUrl ? (
              <p style={{ margin: '4px 0 0', fontSize: 13, lineHeight: '20px', color: brand.onSecondary }}>
                {props.preferencesUrl ? (
                  <Link
                    href={props.preferencesUrl}
                    style={{ color: brand.onSecondary, textDecoration: 'underline' }}
                  >
                    {PREFERENCES_LABEL}
                  </Link>
                ) : null}
                {props.preferencesUrl && props.unsubscribeUrl ? ' · ' : null}
                {props.unsubscribeUrl ? (
                  <Link
                    href={props.unsubscribeUrl}
                    style={{ color: brand.onSecondary, textDecoration: 'underline' }}
                  >
                    {UNSUBSCRIBE_LABEL}
                  </Link>
                ) : null}
              </p>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
