import '../app/full-styles';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  canContinueFromLocations,
  flowVariantTexts,
  ORDER_PATHS,
  pathAfterLocations,
  questionnaireTypeFromKebab,
  ZFlowVariant,
} from '../../domain';
import { useBrand } from '../app/brand';
import { PageLoader, useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { LocationAddForm } from './location-add-form';
import { NoQuestionnairesYet } from './location-empty-order';
import { SavedLocationsPanel } from './location-saved-panel';
import { LocationTable } from './location-table';
import { OrderProgress } from './order-progress';
import { useOrder, type WizardOrder } from './use-order';

const TITLE = 'Add Locations';

/**
 * Next on Add Locations. The spec disables it while the amount due is 0, but a new order has no shops
 * until the frequency step creates them, so its amount is always 0 here: Next is enabled as soon as the
 * order has a location (or something to pay), and disabled only when both are missing.
 */
function canContinue(order: WizardOrder): boolean {
  return order.locations.length > 0 || canContinueFromLocations(order.initialDue.value);
}

export function LocationsPage() {
  const { questionnaireType } = useParams();
  const routeType = questionnaireTypeFromKebab(questionnaireType);
  const { oid, order, services, loading, refetch } = useOrder();
  const brand = useBrand();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [savedOpen, setSavedOpen] = useState(false);

  if (loading) return <PageLoader />;
  const questionnaires = (order?.userQuestionnaires ?? []).filter(
    (uq) => !routeType || uq.questionnaire.type === routeType,
  );
  if (!order || !oid || questionnaires.length === 0) return <NoQuestionnairesYet title={TITLE} />;

  const flowVariant = ZFlowVariant.catch('default').parse(brand.flowVariant);
  const texts = flowVariantTexts({ flowVariant });
  const surveyVariant = routeType === 'customerSurvey';
  const hasSurveysSelected = order.userQuestionnaires.some(
    (uq) => uq.questionnaire.type === 'customerSurvey',
  );
  const last = order.locations.at(-1);

  const table = <LocationTable oid={oid} locations={order.locations} onChanged={refetch} />;

  return (
    <Page title={TITLE}>
      <OrderProgress
        services={services}
        hasLocations={order.locations.length > 0}
        hasSurveysSelected={hasSurveysSelected}
      />
      <Intro surveyVariant={surveyVariant} automotive={flowVariant === 'automotive'} />

      {surveyVariant && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Your Locations
          </Title>
          {table}
        </Stack>
      )}

      <Group gap="sm" wrap="wrap">
        {user ? (
          <Button variant="light" aria-expanded={savedOpen} onClick={() => setSavedOpen((open) => !open)}>
            Select Previous Addresses
          </Button>
        ) : (
          <Button variant="light" component={Link} to={ORDER_PATHS.loginForSavedLocations}>
            Log In to Use Saved Locations
          </Button>
        )}
        <Button variant="default" component={Link} to={ORDER_PATHS.bulkLocations}>
          {texts.bulkLocationsLinkLabel}
        </Button>
      </Group>
      {user && savedOpen && (
        <SavedLocationsPanel
          oid={oid}
          onOrderIds={order.locations.map((l) => l._id)}
          onAdded={refetch}
          onClose={() => setSavedOpen(false)}
        />
      )}

      <LocationAddForm oid={oid} lastLocationName={last?.name ?? null} onAdded={refetch} />

      {!surveyVariant && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Locations on This Order
          </Title>
          {table}
        </Stack>
      )}

      <Group justify="flex-end">
        <Button
          size="md"
          disabled={!canContinue(order)}
          onClick={() => navigate(pathAfterLocations(routeType))}
        >
          Next
        </Button>
      </Group>
    </Page>
  );
}

function Intro(props: { surveyVariant: boolean; automotive: boolean }) {
  if (props.surveyVariant) {
    return (
      <Paper withBorder p="md" bg="var(--mantine-color-brand-0)">
        <Text>
          You added your locations earlier in this order, and they are listed below. Your customer surveys
          will be set up for these locations; add any other location that should receive surveys.
        </Text>
        <Text mt="xs">
          Need to change how often your locations are shopped?{' '}
          <Anchor component={Link} to={ORDER_PATHS.adjustMysteryShopFrequency}>
            Adjust your mystery shop frequency
          </Anchor>
          .
        </Text>
      </Paper>
    );
  }
  return (
    <Text c="dimmed">
      {props.automotive
        ? 'Add each dealership you would like evaluated. Enter the address or name of the dealership, or add many at once in bulk.'
        : 'Add each location you would like evaluated. Start typing an address or business name, or add many locations at once in bulk.'}
    </Text>
  );
}
