import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { QuestionnaireType } from '../../domain';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { CHECKOUT_USER, PAYMENT_SETTINGS } from './checkout-documents';
import { CheckoutForm } from './checkout-form';
import { OrderProgress } from './order-progress';
import { OrderSummary } from './order-summary';
import { useOrder } from './use-order';

export const MSG_NOTHING_IN_ORDER = 'There is nothing in your order yet, please begin the order process.';

/** An empty order: nothing to pay, so the visitor is sent back to the start of the wizard. */
function NothingInOrder() {
  return (
    <Paper withBorder p="xl" data-testid="empty-order">
      <Stack align="center" gap="md" ta="center">
        <Text size="lg">{MSG_NOTHING_IN_ORDER}</Text>
        <Button component={Link} to="/industry" size="md">
          Get Started
        </Button>
      </Stack>
    </Paper>
  );
}

/** /checkout: the Order Summary beside the payment form (order-flow 2, 4, 5). */
export function CheckoutPage() {
  const { oid, order, services, loading } = useOrder();
  const userQuery = useQuery(CHECKOUT_USER, { fetchPolicy: 'network-only' });
  const settings = useQuery(PAYMENT_SETTINGS, { fetchPolicy: 'cache-first' });

  if (loading || (userQuery.loading && !userQuery.data) || (settings.loading && !settings.data)) {
    return (
      <Page title="Checkout">
        <PageLoader />
      </Page>
    );
  }
  if (!oid || !order || order.initialDue.value === 0) {
    return (
      <Page title="Checkout">
        {order && (
          <OrderProgress
            services={services}
            hasLocations={order.hasLocations}
            hasSurveysSelected={order.userQuestionnaires.some(
              (uq) => uq.questionnaire.type === 'customerSurvey',
            )}
          />
        )}
        <NothingInOrder />
      </Page>
    );
  }
  if (settings.error || !settings.data) {
    return (
      <Page title="Checkout">
        <Alert color="red" title="Checkout is unavailable">
          The payment settings could not be loaded. Please refresh the page and try again.
        </Alert>
      </Page>
    );
  }

  const shops = order.locations.flatMap((l) => l.shops);
  const user = userQuery.data?.currentUser ?? null;
  return (
    <Page title="Checkout">
      <OrderProgress
        services={services}
        hasLocations={order.hasLocations}
        hasSurveysSelected={order.userQuestionnaires.some((uq) => uq.questionnaire.type === 'customerSurvey')}
      />
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <OrderSummary
            locations={order.locations}
            userQuestionnaires={order.userQuestionnaires}
            editServices={services.length > 0 ? services : (['mysteryShop'] as QuestionnaireType[])}
            total={{ label: 'Order Total', ...order.initialDue }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
            <CheckoutForm
              oid={oid}
              user={user}
              shops={shops}
              payment={settings.data.paymentSettings}
              totalDisplay={order.initialDue.displayValue}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
