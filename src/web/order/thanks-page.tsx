import '../app/full-styles';
import { Button, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { clearOrderCookies } from '../app/cookies';
import { useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { includesShops, includesSurveys, readOrderContent } from './thanks-content';

export const THANKS_SURVEY_TEXT =
  'An e-mail with a link and a QR code for inviting your customers to the survey is on its way. Links are usually e-mailed within 3 business days.';
export const THANKS_SHOP_TEXT =
  'Each mystery shop report is e-mailed to you once our quality-assurance team approves the shop. The usual turnaround is 24-36 hours.';

/** /thanks, reached by a full page load after checkout: the order is placed, so its cookies go. */
export function ThanksPage() {
  const { user } = useCurrentUser();
  const [content] = useState(readOrderContent);
  useEffect(() => clearOrderCookies(), []);

  const messages = content
    ? [includesSurveys(content) && THANKS_SURVEY_TEXT, includesShops(content) && THANKS_SHOP_TEXT].filter(
        (m): m is string => typeof m === 'string',
      )
    : [];

  return (
    <Page title="Thank You" heading="Thank You for Your Order" size="md">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" color="green" variant="light">
              <IconCircleCheck size={26} aria-hidden />
            </ThemeIcon>
            <Text size="lg" fw={600}>
              Your order has been placed. A confirmation e-mail is on its way.
            </Text>
          </Group>
          {messages.length > 0 && (
            <List spacing="sm" data-testid="thanks-messages">
              {messages.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          )}
          <Group gap="sm" mt="sm">
            <Button component={Link} to="/new-order">
              Start a New Order
            </Button>
            {user && (
              <Button component={Link} to="/account/dashboard" variant="outline">
                Go to your Dashboard
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Page>
  );
}
