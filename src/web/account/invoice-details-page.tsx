import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatDateUs, formatMoney } from '../../domain';
import { errorMessage } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import type { InvoiceQuery } from '../gql/graphql';
import { INVOICE } from './account-documents';
import { InvoiceStatusBadge } from './account-payment-list';

export const MSG_PAYMENT_PROBLEM_CUSTOMER =
  'There was an issue processing your payment. Please update your payment source so this invoice can be paid properly.';
export const MSG_PAYMENT_PROBLEM_ADMIN =
  "There was an issue processing the customer's payment. The customer has been notified to update their payment source. If you need to manually update the customer's payment source, this can be completed at the card provider's site.";

type Invoice = NonNullable<InvoiceQuery['invoice']>;

/** Navigation state an invoice may be opened with (account-and-reporting 2). */
interface InvoiceReturnState {
  returnUrl?: string;
  returnText?: string;
  from?: string;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

/** One invoice: id, date, amount, receipt, status, lines and, when a payment failed, the alert. */
export function InvoiceDetails({ invoice, audience }: { invoice: Invoice; audience: 'customer' | 'admin' }) {
  const paymentProblem = invoice.attempted && !invoice.paid;
  return (
    <Stack gap="md">
      {paymentProblem && (
        <Alert color="red" title="Payment problem" data-testid="payment-problem">
          {audience === 'customer' ? (
            <>
              {MSG_PAYMENT_PROBLEM_CUSTOMER}{' '}
              <Anchor component={Link} to="/account/info#billing" inherit fw={600}>
                Update your payment source
              </Anchor>
            </>
          ) : (
            MSG_PAYMENT_PROBLEM_ADMIN
          )}
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
          <Fact label="Invoice">{invoice.id}</Fact>
          <Fact label="Date">{formatDateUs(invoice.date)}</Fact>
          <Fact label="Amount">{formatMoney(invoice.amount)}</Fact>
          <Fact label="Receipt Number">{invoice.receiptNumber || '—'}</Fact>
          <Fact label="Status">
            <InvoiceStatusBadge paid={invoice.paid} attempted={invoice.attempted} />
          </Fact>
          {paymentProblem && invoice.nextPaymentAttempt && (
            <Fact label="Next Payment Attempt">{formatDateUs(invoice.nextPaymentAttempt)}</Fact>
          )}
        </SimpleGrid>
      </Paper>
      <Table.ScrollContainer minWidth={360}>
        <Table withTableBorder verticalSpacing="sm" data-testid="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.invoiceLines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right">{formatMoney(invoice.amount)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** /account/invoices/{invoiceId}; a return button only when opened with a returnUrl. */
export function InvoiceDetailsPage() {
  const invoiceId = useParams().invoiceId ?? '';
  const state = (useLocation().state ?? null) as InvoiceReturnState | null;
  const { data, loading, error } = useQuery(INVOICE, { variables: { invoiceId }, skip: !invoiceId });
  const invoice = data?.invoice;
  return (
    <Page title="Invoice Details">
      {state?.returnUrl && (
        <Group>
          <Button
            component={Link}
            to={state.returnUrl}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            {state.returnText || 'Return'}
          </Button>
        </Group>
      )}
      {invoice ? (
        <InvoiceDetails invoice={invoice} audience="customer" />
      ) : loading ? (
        <PageLoader />
      ) : (
        <Alert color="red" data-testid="invoice-not-found">
          {error ? errorMessage(error) : 'Invoice Not Found'}
        </Alert>
      )}
    </Page>
  );
}
