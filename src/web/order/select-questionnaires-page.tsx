import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  flowVariantTexts,
  pathAfterSelectingQuestionnaires,
  type QuestionnaireType,
  questionnaireTypeFromKebab,
  questionnaireTypeLabel,
} from '../../domain';
import { errorMessage, notifyError } from '../app/apollo';
import { useBrand } from '../app/brand';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { GetStartedView } from './get-started-view';
import { OrderProgress } from './order-progress';
import { QuestionnaireChecklist } from './questionnaire-checklist';
import { MODIFY_ORDER_QUESTIONNAIRES, PUBLISHED_INDUSTRIES, START_ORDER } from './questionnaire-documents';
import { storeOrderCookies, useOrder } from './use-order';

/** /select-questionnaires[/{type}]: change the order's questionnaires of one type. */
export function SelectQuestionnairesPage() {
  const brand = useBrand();
  const flow = { flowVariant: brand.flowVariant === 'automotive' ? 'automotive' : 'default' } as const;
  if (flowVariantTexts(flow).selectShowsGetStarted) {
    return (
      <Page title="Get Started">
        <GetStartedView />
      </Page>
    );
  }
  return <SelectQuestionnaires />;
}

function SelectQuestionnaires() {
  const params = useParams();
  const { oid, order, services, loading: orderLoading } = useOrder();
  const routeType = questionnaireTypeFromKebab(params.questionnaireType);
  const qType: QuestionnaireType = routeType ?? (services.length === 1 ? services[0]! : 'mysteryShop');
  const heading = `Select ${questionnaireTypeLabel(qType)}s`;
  const { data, loading, error } = useQuery(PUBLISHED_INDUSTRIES);
  const [modify] = useMutation(MODIFY_ORDER_QUESTIONNAIRES);
  const [startOrder] = useMutation(START_ORDER);
  const [industryPick, setIndustryPick] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  if (orderLoading || (loading && !data)) {
    return (
      <Page title={heading}>
        <PageLoader />
      </Page>
    );
  }

  const industries = data?.publishedIndustries ?? [];
  const ofType = industries.flatMap((i) => i.questionnaires.filter((q) => q.type === qType));
  const onOrder = order?.userQuestionnaires ?? [];
  const onOrderOfType = onOrder.filter((uq) => uq.questionnaire.type === qType);
  const selected =
    picked ?? onOrderOfType.map((uq) => uq.qid).filter((qid) => ofType.some((q) => q._id === qid));
  const defaultIndustry =
    onOrderOfType[0]?.questionnaire.industryId ??
    onOrder[0]?.questionnaire.industryId ??
    (industries.length === 1 ? industries[0]?._id : null) ??
    null;
  const industryId =
    industryPick ?? (industries.some((i) => i._id === defaultIndustry) ? defaultIndustry : null);
  const industry = industries.find((i) => i._id === industryId) ?? null;
  const listed = industry?.questionnaires.filter((q) => q.type === qType) ?? [];
  const elsewhere = ofType.filter((q) => selected.includes(q._id) && q.industryId !== industryId);
  const orderServices = order ? services : [qType];

  const save = async () => {
    if (selected.length === 0 || saving) return;
    setSaving(true);
    try {
      let keys: string[];
      if (oid) {
        const result = await modify({ variables: { oid, qids: selected, qType } });
        keys = result.data?.modifyOrderQuestionnaires.serviceKeys ?? [];
      } else {
        const result = await startOrder({ variables: { qids: selected, serviceKeys: [qType] } });
        const started = result.data?.startOrder;
        if (!started) throw new Error('The order could not be started.');
        keys = started.serviceKeys;
        await storeOrderCookies(started._id, keys);
      }
      window.location.assign(
        pathAfterSelectingQuestionnaires({ orderServices: keys as QuestionnaireType[], type: qType }),
      );
    } catch (err) {
      notifyError(err);
      setSaving(false);
    }
  };

  return (
    <Page title={heading}>
      <OrderProgress
        services={orderServices}
        hasLocations={order?.hasLocations ?? false}
        hasSurveysSelected={onOrder.some((uq) => uq.questionnaire.type === 'customerSurvey')}
      />
      {error && !data ? (
        <Alert color="red" title="We could not load the questionnaires">
          {errorMessage(error)}
        </Alert>
      ) : (
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Select
              label="Industry"
              placeholder="Please select an industry..."
              data={industries.map((i) => ({ value: i._id, label: i.title }))}
              value={industryId}
              onChange={(v) => v && setIndustryPick(v)}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No industry found"
              maw={420}
            />
            {!industry ? (
              <Text c="dimmed">Select an industry to see its questionnaires.</Text>
            ) : listed.length === 0 ? (
              <Text c="dimmed">No questionnaires found for this industry.</Text>
            ) : (
              <QuestionnaireChecklist
                questionnaires={listed}
                value={selected.filter((qid) => listed.some((q) => q._id === qid))}
                onChange={(qids) =>
                  setPicked([...selected.filter((qid) => !listed.some((q) => q._id === qid)), ...qids])
                }
                showSampleLinks
                services={[qType]}
              />
            )}
            {elsewhere.length > 0 && (
              <Text size="sm" c="dimmed">
                Also selected from other industries: {elsewhere.map((q) => q.title).join(', ')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button size="md" onClick={save} disabled={selected.length === 0} loading={saving}>
                Save and Continue
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
