import '../app/full-styles';
import { useMutation } from '@apollo/client';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  flowVariantTexts,
  pathAfterFrequency,
  questionnaireTypeFromKebab,
  showsUseForAllLocations,
  ZFlowVariant,
} from '../../domain';
import { notifyError } from '../app/apollo';
import { useBrand } from '../app/brand';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { graphql } from '../gql';
import { FrequencyLocationBlock } from './frequency-location-block';
import { FrequencySavesProvider, useSavesRegistry } from './frequency-saves';
import { FrequencyTable } from './frequency-table';
import { NoQuestionnairesYet } from './location-empty-order';
import { OrderProgress } from './order-progress';
import { useOrder } from './use-order';

const COPY_SHOPS = graphql(`
  mutation CopyShopsToAllOrderLocations($shopIds: [String!]!, $oid: String!, $qType: String) {
    copyShopsToAllOrderLocations(shopIds: $shopIds, oid: $oid, qType: $qType) {
      _id
    }
  }
`);

export function FrequencyPage() {
  const { questionnaireType } = useParams();
  const routeType = questionnaireTypeFromKebab(questionnaireType);
  const { oid, order, services, loading, refetch } = useOrder();
  const brand = useBrand();
  const flowVariant = ZFlowVariant.catch('default').parse(brand.flowVariant);
  const asTable = flowVariantTexts({ flowVariant }).frequencyAsTable;
  const navigate = useNavigate();
  const { hash } = useLocation();
  const registry = useSavesRegistry();
  const [copyShops] = useMutation(COPY_SHOPS);
  const [useForAll, setUseForAll] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const targetId = decodeURIComponent(hash.slice(1));

  // The layout scrolls to the hash before the order has loaded; scroll again once the block exists.
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !order || !targetId || targetId === 'edit') return;
    const el = document.getElementById(targetId);
    if (el) {
      scrolled.current = true;
      el.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [order, targetId]);

  if (loading) return <PageLoader />;
  const title = routeType === 'customerSurvey' ? 'Confirm Locations' : 'Specify Frequency';
  const questionnaires = (order?.userQuestionnaires ?? []).filter(
    (uq) => !routeType || uq.questionnaire.type === routeType,
  );
  if (!order || !oid || order.userQuestionnaires.length === 0) return <NoQuestionnairesYet title={title} />;

  const first = order.locations[0];
  const ofRouteType = (type: string) => !routeType || type === routeType;
  const firstShopIds = (first?.shops ?? []).filter((s) => ofRouteType(s.questionnaireType)).map((s) => s._id);
  const hasShops = order.locations.some((l) => l.shops.some((s) => ofRouteType(s.questionnaireType)));
  const hasSurveysSelected = order.userQuestionnaires.some(
    (uq) => uq.questionnaire.type === 'customerSurvey',
  );

  const copyToAll = async () => {
    const current = order.locations[0]?.shops
      .filter((s) => ofRouteType(s.questionnaireType))
      .map((s) => s._id);
    if (!current?.length) return;
    try {
      await copyShops({ variables: { shopIds: current, oid, qType: routeType } });
      await refetch();
    } catch (err) {
      notifyError(err);
    }
  };

  // While 'use for all locations' is ticked, every save at the first location is copied again.
  const onShopSaved = (locationIndex: number) => async () => {
    const result = await refetch();
    if (useForAll && locationIndex === 0 && result.data.order) {
      const shopIds = result.data.order.locations[0]?.shops
        .filter((s) => ofRouteType(s.questionnaireType))
        .map((s) => s._id);
      if (shopIds?.length) {
        try {
          await copyShops({ variables: { shopIds, oid, qType: routeType } });
          await refetch();
        } catch (err) {
          notifyError(err);
        }
      }
    }
  };

  const next = async (to: string) => {
    setLeaving(true);
    const saved = await registry.flushAll();
    setLeaving(false);
    if (saved) navigate(to);
  };

  const total = (
    <Paper withBorder p="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            Order Total
          </Text>
          <Text size="xl" fw={700} data-testid="order-total">
            {order.initialDue.displayValue}
          </Text>
          {order.initialDue.startupCosts.value > 0 && (
            <Text size="xs" c="dimmed">
              Includes {order.initialDue.startupCosts.displayValue} in startup fees
            </Text>
          )}
        </div>
        {asTable ? (
          <Group gap="sm">
            <Button variant="default" component={Link} to="/locations">
              Edit Locations
            </Button>
            <Button loading={leaving} disabled={!hasShops} onClick={() => next('/checkout')}>
              Checkout
            </Button>
          </Group>
        ) : (
          <Button
            size="md"
            loading={leaving}
            disabled={!hasShops}
            onClick={() => next(pathAfterFrequency({ orderServices: services, routeType }))}
          >
            Next
          </Button>
        )}
      </Group>
    </Paper>
  );

  return (
    <Page title={title}>
      <FrequencySavesProvider registry={registry}>
        {!asTable && (
          <OrderProgress
            services={services}
            hasLocations={order.locations.length > 0}
            hasSurveysSelected={hasSurveysSelected}
          />
        )}
        {asTable && (
          <Text>
            Choose how often each location is shopped: order weekly, monthly or quarterly shops. A one-time
            order is shopped the number of times you choose and then ends; a recurring order repeats every
            period until you cancel it. One-time orders can check out as a guest, while recurring orders
            create an account so that you can manage them.
          </Text>
        )}
        {order.locations.length === 0 ? (
          <Paper withBorder p="lg">
            <Stack align="center" gap="sm">
              <Text>There are no locations on this order yet.</Text>
              <Button component={Link} to="/locations">
                Add Locations
              </Button>
            </Stack>
          </Paper>
        ) : asTable ? (
          <FrequencyTable
            oid={oid}
            locations={order.locations}
            questionnaires={questionnaires}
            orderQuestionnaireCount={order.userQuestionnaires.length}
            onChanged={refetch}
            onShopSaved={refetch}
          />
        ) : (
          <Stack gap="md" id="edit">
            {order.locations.map((location, index) => (
              <FrequencyLocationBlock
                key={location._id}
                oid={oid}
                index={index}
                location={location}
                questionnaires={questionnaires}
                orderQuestionnaireCount={order.userQuestionnaires.length}
                highlighted={location._id === targetId}
                useForAll={
                  showsUseForAllLocations({
                    brand: { flowVariant },
                    locationIndex: index,
                    locationCount: order.locations.length,
                    orderServices: services,
                    routeType,
                  })
                    ? {
                        checked: useForAll,
                        disabled: firstShopIds.length === 0,
                        onChange: (checked) => {
                          setUseForAll(checked);
                          if (!checked) return;
                          void registry.flushAll().then(async (ok) => {
                            if (ok) await copyToAll();
                          });
                        },
                      }
                    : null
                }
                onChanged={index === 0 && useForAll ? onShopSaved(0) : refetch}
                onShopSaved={onShopSaved(index)}
              />
            ))}
          </Stack>
        )}
        {total}
      </FrequencySavesProvider>
    </Page>
  );
}
