import './full-styles';
import { List, Text, Title } from '@mantine/core';
import { Page } from '../components/page';
import { useBrand } from './brand';

export function TermsPage() {
  const brand = useBrand();
  return (
    <Page title="Terms & Conditions" size="md">
      <Text>
        These terms apply to every order placed through {brand.name}. By placing an order you agree to them.
      </Text>
      <Title order={2} size="h4">
        Orders and billing
      </Title>
      <List spacing="xs">
        <List.Item>One-time orders are charged in full at checkout.</List.Item>
        <List.Item>
          Recurring shops and surveys are billed monthly to the card on file, 5 days before the first day of
          each service month. Weekly shops are billed per Monday in the month (at least 4 and at most 5
          weeks).
        </List.Item>
        <List.Item>
          Changes to frequency and shopper reimbursement take effect from the next billing cycle. Cancelling a
          recurring shop stops future billing; the current paid month is completed.
        </List.Item>
        <List.Item>Shops at locations in Nevada are priced at 1.5 times the listed price.</List.Item>
      </List>
      <Title order={2} size="h4">
        Reports
      </Title>
      <Text>
        Mystery shop reports are sent once our quality-assurance team approves each shop, usually within 24 to
        36 hours of the visit. Survey links are e-mailed usually within 3 business days.
      </Text>
    </Page>
  );
}

export function PrivacyPage() {
  const brand = useBrand();
  return (
    <Page title="Privacy Policy" size="md">
      <Text>
        {brand.name} collects the contact details, locations and payment card token needed to deliver your
        orders and reports. Card numbers are handled by our card payment provider and never stored on our
        servers.
      </Text>
      <Text>
        We send you e-mail about your orders and reports; marketing e-mail only when you allow it in your
        Communication Preferences. We do not sell your information.
      </Text>
    </Page>
  );
}
