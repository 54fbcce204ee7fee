// The pieces messages are made of, styled inline (mail clients drop <style> blocks and classes).
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import type { CSSProperties, ReactNode } from 'react';
import type { EmailBrand } from './email-brand.js';
import { BORDER, INK, INK_MUTED, PANEL } from './styles.js';

const paragraph: CSSProperties = { margin: '0 0 16px', color: INK, fontSize: 16, lineHeight: '24px' };

/**
 * A paragraph of the message. A plain <p> with its margin, size and line height always set, rather
 * than react-email's Text, whose defaults every paragraph here overrides: Text re-parses the margin of
 * each one and was a fifth of a message's rendering time.
 */
export function Paragraph(props: { children: ReactNode; muted?: boolean; style?: CSSProperties }) {
  return (
    <p
      style={{
        ...paragraph,
        ...(props.muted ? { color: INK_MUTED, fontSize: 14, lineHeight: '20px' } : {}),
        ...props.style,
      }}
    >
      {props.children}
    </p>
  );
}

/** The message's main action: a button in the brand's primary colour. */
export function ActionButton(props: { brand: EmailBrand; href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: props.brand.primaryColor,
          color: props.brand.onPrimary,
          borderRadius: 6,
          padding: '12px 22px',
          fontSize: 16,
          lineHeight: '20px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** A link in running text, in the brand's primary colour made readable on white. */
export function TextLink(props: { brand: EmailBrand; href: string; children?: ReactNode }) {
  return (
    <Link
      href={props.href}
      style={{ color: props.brand.link, textDecoration: 'underline', wordBreak: 'break-all' }}
    >
      {props.children ?? props.href}
    </Link>
  );
}

/** Label and value rows (an order's amount, a receipt's lines); the last row can be the total. */
export function DetailTable(props: { rows: { label: ReactNode; value: ReactNode }[]; totalRow?: boolean }) {
  const cell: CSSProperties = {
    padding: '8px 0',
    borderBottom: `1px solid ${BORDER}`,
    color: INK,
    fontSize: 15,
    lineHeight: '22px',
    verticalAlign: 'top',
  };
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: '0 0 24px', borderCollapse: 'collapse' }}
    >
      <tbody>
        {props.rows.map((row, i) => {
          const total = props.totalRow && i === props.rows.length - 1;
          const weight: CSSProperties = total ? { fontWeight: 700, borderBottom: 'none' } : {};
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are static, rendered once
            <tr key={i}>
              <td style={{ ...cell, ...weight, paddingRight: 16 }}>{row.label}</td>
              <td style={{ ...cell, ...weight, textAlign: 'right', whiteSpace: 'nowrap' }}>{row.value}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A boxed block inside the card: one survey link with its QR code, the reviewer's note. */
export function Panel(props: { children: ReactNode; accent?: string }) {
  return (
    <Section
      style={{
        margin: '0 0 16px',
        padding: '16px 20px',
        backgroundColor: PANEL,
        border: `1px solid ${BORDER}`,
        borderLeft: `4px solid ${props.accent ?? BORDER}`,
        borderRadius: 6,
      }}
    >
      {props.children}
    </Section>
  );
}
