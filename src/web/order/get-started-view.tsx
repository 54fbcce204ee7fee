import { useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  carMakeTier,
  DEFAULT_SELECTED_SERVICES,
  flowVariantTexts,
  incentiveZoneTier,
  offeredServices,
  pathAfterSelectingQuestionnaires,
  type QuestionnaireType,
  SERVICE_LABELS,
  selectableQuestionnaires,
  skipsServiceStep,
  type TCarMakeTier,
  type TIncentiveZoneTier,
  unlistedIndustryMailto,
} from '../../domain';
import { errorMessage, notifyError } from '../app/apollo';
import { useBrand } from '../app/brand';
import { getCookie, ORDER_COOKIE } from '../app/cookies';
import { IndustryColumns, IndustryPicker } from './get-started-industries';
import { SurveyPromiseText } from './get-started-promise';
import { IndustryReveal } from './get-started-reveal';
import {
  industriesForServices,
  questionnairesForServices,
  surveyPromise,
  zoneLabel,
} from './get-started-rules';
import { GetStartedServices } from './get-started-services';
import { CarMakePicker, ZoneCityPicker } from './get-started-tier-pickers';
import { QuestionnaireChecklist } from './questionnaire-checklist';
import { BRAND_TIER_PICKS, PUBLISHED_INDUSTRIES, START_ORDER } from './questionnaire-documents';
import { storeOrderCookies } from './use-order';

type Industry = {
  _id: string;
  title: string;
  questionnaires: {
    _id: string;
    title: string;
    type: string;
    cost: number;
    startupCost: number;
    monthsPurchased: number;
    sampleLink: string | null;
  }[];
};

/**
 * Get Started: services (unless only mystery shops are offered), then the industry (and city or make
 * where the brand needs one), then the questionnaires; submitting starts the order and loads the
 * customize step in full. Also shown by Select Questionnaires in the automotive flow.
 */
export function GetStartedView() {
  const brand = useBrand();
  const flow = { flowVariant: brand.flowVariant === 'automotive' ? 'automotive' : 'default' } as const;
  const texts = flowVariantTexts(flow);
  const automotive = flow.flowVariant === 'automotive';
  const { data, loading, error } = useQuery(PUBLISHED_INDUSTRIES);
  const needsTierPicks = brand.usesIncentiveZones || brand.requiresCarMake;
  const tierPicks = useQuery(BRAND_TIER_PICKS, { skip: !needsTierPicks });
  const [startOrder] = useMutation(START_ORDER);

  const [services, setServices] = useState<QuestionnaireType[]>([...DEFAULT_SELECTED_SERVICES]);
  const [servicesChosen, setServicesChosen] = useState(false);
  const [industryId, setIndustryId] = useState<string | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [make, setMake] = useState<string | null>(null);
  const [qids, setQids] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  if (loading && !data) return <GetStartedSkeleton />;
  if (error && !data) {
    return (
      <Alert color="red" title="We could not load the questionnaires">
        {errorMessage(error)}
      </Alert>
    );
  }

  const industries: Industry[] = data?.publishedIndustries ?? [];
  const typed = industries.map((i) => ({
    questionnaires: i.questionnaires.map((q) => ({ type: q.type as QuestionnaireType })),
  }));
  const offered = offeredServices(brand, typed);
  const hasServiceStep = !automotive && !skipsServiceStep(offered);
  const chosenServices = hasServiceStep ? services : offered;
  const mailto = unlistedIndustryMailto(brand);

  if (industries.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack gap="xs">
          <Title order={2} size="h4">
            No questionnaires are available yet
          </Title>
          <Text c="dimmed">Please check back soon.</Text>
          {mailto && (
            <Text size="sm">
              Looking for something specific? <Anchor href={mailto}>click here</Anchor> to contact us.
            </Text>
          )}
        </Stack>
      </Paper>
    );
  }

  if (hasServiceStep && !servicesChosen) {
    return (
      <GetStartedServices
        offered={offered}
        value={services}
        onChange={setServices}
        onNext={() => setServicesChosen(true)}
        promise={surveyPromise(industries)}
      />
    );
  }

  const listed = industriesForServices(industries, chosenServices);
  const single = listed.length === 1 ? (listed[0] ?? null) : null;
  const industry = single ?? listed.find((i) => i._id === industryId) ?? null;

  const caps = {
    usesIncentiveZones: brand.usesIncentiveZones,
    requiresCarMake: brand.requiresCarMake,
    incentiveZones: (tierPicks.data?.currentBrand.incentiveZones ?? []).map((z) => ({
      ...z,
      tier: z.tier as TIncentiveZoneTier,
    })),
    carMakes: (tierPicks.data?.currentBrand.carMakes ?? []).map((m) => ({
      ...m,
      tier: m.tier as TCarMakeTier,
    })),
  };
  const pickedZone = caps.incentiveZones.find((z) => zoneLabel(z) === zone);
  const picks = {
    zoneTier: pickedZone ? incentiveZoneTier(caps, pickedZone) : null,
    carMakeTier: make ? carMakeTier(caps, make) : null,
  };
  const visible = industry
    ? selectableQuestionnaires(
        caps,
        questionnairesForServices(industry.questionnaires, chosenServices),
        picks,
      )
    : null;
  const chosen = (visible ?? []).filter((q) => qids.includes(q._id)).map((q) => q._id);

  const chooseIndustry = (id: string) => {
    if (id !== industryId) setQids([]);
    setIndustryId(id);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0 || submitting) return;
    setSubmitting(true);
    try {
      const result = await startOrder({
        variables: {
          oid: getCookie(ORDER_COOKIE),
          qids: chosen,
          serviceKeys: automotive ? undefined : chosenServices,
        },
      });
      const order = result.data?.startOrder;
      if (!order) throw new Error('The order could not be started.');
      const orderServices = order.serviceKeys as QuestionnaireType[];
      await storeOrderCookies(order._id, orderServices);
      window.location.assign(pathAfterSelectingQuestionnaires({ orderServices }));
    } catch (err) {
      notifyError(err);
      setSubmitting(false);
    }
  };

  const promise = chosenServices.includes('customerSurvey') && industry ? surveyPromise([industry]) : null;
  const wide = !!single || automotive;

  return (
    <Stack gap="lg" data-testid="industry-step">
      {hasServiceStep && (
        <Group gap="sm" justify="space-between">
          <Text size="sm">
            Ordering: <b>{chosenServices.map((s) => SERVICE_LABELS[s]).join(' and ')}</b>
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} aria-hidden />}
            onClick={() => setServicesChosen(false)}
          >
            Change services
          </Button>
        </Group>
      )}
      {brand.usesIncentiveZones && (
        <Paper withBorder p="lg">
          <ZoneCityPicker
            zones={caps.incentiveZones}
            value={zone}
            onChange={(label) => {
              setZone(label);
              setQids([]);
            }}
            loading={tierPicks.loading}
          />
        </Paper>
      )}
      <Grid gutter="lg">
        {!single && (
          <Grid.Col span={{ base: 12, md: automotive ? 12 : 4 }}>
            <Paper withBorder p="lg">
              {automotive ? (
                <IndustryColumns
                  industries={listed}
                  value={industry?._id ?? null}
                  onChange={chooseIndustry}
                  unlistedMailto={mailto}
                />
              ) : (
                <IndustryPicker
                  industries={listed}
                  value={industry?._id ?? null}
                  onChange={chooseIndustry}
                  unlistedMailto={mailto}
                />
              )}
            </Paper>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: wide ? 12 : 8 }}>
          {industry ? (
            <IndustryReveal key={industry._id} scrollIntoView={!single}>
              <Paper withBorder p="lg" component="form" onSubmit={submit} aria-label="Questionnaires">
                <Stack gap="md">
                  <div>
                    <Title order={2} size="h3">
                      {industry.title}
                    </Title>
                    <Text c="dimmed" size="sm">
                      Select the questionnaires you would like to order.
                    </Text>
                  </div>
                  {brand.requiresCarMake && (
                    <CarMakePicker
                      makes={caps.carMakes}
                      value={make}
                      onChange={(m) => {
                        setMake(m);
                        setQids([]);
                      }}
                      loading={tierPicks.loading}
                    />
                  )}
                  {promise && <SurveyPromiseText promise={promise} />}
                  {visible === null ? (
                    <Text c="dimmed" data-testid="questionnaires-hidden">
                      {brand.usesIncentiveZones && !picks.zoneTier
                        ? 'Select your city above to see the questionnaires available there.'
                        : 'Select a make to see the questionnaires available for it.'}
                    </Text>
                  ) : visible.length === 0 ? (
                    <Text c="dimmed">No questionnaires found for this industry.</Text>
                  ) : (
                    <QuestionnaireChecklist
                      questionnaires={visible}
                      value={chosen}
                      onChange={setQids}
                      showSampleLinks={texts.showsSampleLinks}
                      services={chosenServices}
                    />
                  )}
                  <Group justify="flex-end">
                    <Button type="submit" size="md" disabled={chosen.length === 0} loading={submitting}>
                      {texts.getStartedSubmitLabel}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            </IndustryReveal>
          ) : (
            <Paper withBorder p="xl" h="100%" bg="gray.0">
              <Stack gap={4} justify="center" h="100%">
                <Text fw={600}>Select your industry</Text>
                <Text c="dimmed" size="sm">
                  The questionnaires for your industry will appear here.
                </Text>
              </Stack>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function GetStartedSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading questionnaires">
      <Skeleton h={28} w="40%" />
      <Skeleton h={120} />
      <Skeleton h={120} />
    </Stack>
  );
}
