import '../app/full-styles';
import { useMutation } from '@apollo/client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  customizationStatus,
  customizeContinueError,
  customizeStepTexts,
  flowVariantTexts,
  opensEditorByDefault,
  orderStepPath,
  pathAfterCustomize,
  questionnaireTypeFromKebab,
  questionnaireTypeLabel,
} from '../../domain';
import { notifyError } from '../app/apollo';
import { useBrand } from '../app/brand';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { CustomizeEditor } from './customize-editor';
import { OrderProgress } from './order-progress';
import { REMOVE_USER_QUESTIONNAIRE } from './questionnaire-documents';
import { UploadCustomQuestionnaire } from './upload-custom-questionnaire';
import { useOrder, type WizardOrder } from './use-order';

type UserQuestionnaire = WizardOrder['userQuestionnaires'][number];

/** /customize[/{type}]: customize (or only confirm) the order's questionnaires, then add locations. */
export function CustomizePage() {
  const brand = useBrand();
  const params = useParams();
  const navigate = useNavigate();
  const routeType = questionnaireTypeFromKebab(params.questionnaireType);
  const texts = customizeStepTexts(brand);
  const showSamples = flowVariantTexts({
    flowVariant: brand.flowVariant === 'automotive' ? 'automotive' : 'default',
  }).showsSampleLinks;
  const { oid, order, services, loading, refetch } = useOrder();
  const [openIds, setOpenIds] = useState<string[] | null>(null);
  const [continueError, setContinueError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeQuestionnaire] = useMutation(REMOVE_USER_QUESTIONNAIRE);

  if (loading) {
    return (
      <Page title={texts.heading}>
        <PageLoader />
      </Page>
    );
  }

  const all = order?.userQuestionnaires ?? [];
  const uqs = routeType ? all.filter((uq) => uq.questionnaire.type === routeType) : all;
  if (!order || !oid || uqs.length === 0) {
    const selectPath = routeType && all.length > 0 ? orderStepPath('select-questionnaires', routeType) : null;
    return (
      <Page title={texts.heading}>
        {order && (
          <OrderProgress services={services} hasLocations={order.hasLocations} hasSurveysSelected={false} />
        )}
        <Paper withBorder p="xl">
          <Stack gap="md" align="flex-start">
            <Text>You have not selected any questionnaires yet, please begin the order process.</Text>
            <Button component={Link} to={selectPath ?? '/industry'}>
              {selectPath ? `Select ${questionnaireTypeLabel(routeType)}s` : 'Get Started'}
            </Button>
          </Stack>
        </Paper>
      </Page>
    );
  }

  const open = openIds ?? (opensEditorByDefault(brand, uqs.length) && uqs[0] ? [uqs[0]._id] : []);
  const setOpen = (id: string, isOpen: boolean) =>
    setOpenIds(isOpen ? [...open.filter((o) => o !== id), id] : open.filter((o) => o !== id));

  const remove = async (uq: UserQuestionnaire) => {
    setRemoving(uq._id);
    try {
      await removeQuestionnaire({ variables: { oid, uqid: uq._id } });
      await refetch();
    } catch (err) {
      notifyError(err);
    } finally {
      setRemoving(null);
    }
  };

  const next = () => {
    const error = customizeContinueError(uqs);
    setContinueError(error);
    if (!error) navigate(pathAfterCustomize(routeType));
  };

  return (
    <Page title={texts.heading}>
      <OrderProgress
        services={services}
        hasLocations={order.hasLocations}
        hasSurveysSelected={all.some((uq) => uq.questionnaire.type === 'customerSurvey')}
      />
      <Text c="dimmed">
        {brand.customizationEnabled
          ? 'Add your own questions to any questionnaire at no additional charge, or continue with our standard questionnaires.'
          : 'Please confirm the questionnaires on your order. Remove any you do not need.'}
      </Text>
      <Paper withBorder>
        <Table verticalSpacing="md" horizontalSpacing="sm" aria-label="Questionnaires on your order">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Questionnaire</Table.Th>
              <Table.Th>Customization</Table.Th>
              <Table.Th w={1}>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {uqs.map((uq) => {
              const isOpen = open.includes(uq._id);
              const status = customizationStatus({
                brand,
                customUpload: uq.customUpload,
                customQuestions: uq.customQuestions,
              });
              const needsUpload = uq.questionnaire.isCustom && !brand.customizationEnabled;
              return (
                <Fragment key={uq._id}>
                  <Table.Tr data-testid="customize-row">
                    <Table.Td>
                      <Stack gap={2}>
                        <Text fw={600}>{uq.questionnaire.title}</Text>
                        <Group gap="sm">
                          <Text size="xs" c="dimmed">
                            {questionnaireTypeLabel(uq.questionnaire.type)}
                          </Text>
                          {showSamples && uq.questionnaire.sampleLink && (
                            <Anchor
                              href={uq.questionnaire.sampleLink}
                              target="_blank"
                              rel="noopener noreferrer"
                              size="xs"
                              aria-label={`Sample report for ${uq.questionnaire.title} (opens in a new tab)`}
                            >
                              <Group gap={2} component="span" wrap="nowrap">
                                Sample Report <IconExternalLink size={12} aria-hidden />
                              </Group>
                            </Anchor>
                          )}
                        </Group>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={status === 'Not customized' || status === 'N/A' ? 'gray' : 'green'}
                        styles={{
                          root: { textTransform: 'none', height: 'auto', paddingBlock: 2 },
                          label: { whiteSpace: 'normal', overflow: 'visible' },
                        }}
                        data-testid="customization-status"
                      >
                        {status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {brand.customizationEnabled ? (
                        <Button
                          variant={isOpen ? 'filled' : 'light'}
                          size="xs"
                          onClick={() => setOpen(uq._id, !isOpen)}
                          aria-expanded={isOpen}
                          aria-label={`${texts.action} ${uq.questionnaire.title}`}
                        >
                          {texts.action}
                        </Button>
                      ) : (
                        <Button
                          variant="light"
                          color="red"
                          size="xs"
                          loading={removing === uq._id}
                          onClick={() => remove(uq)}
                          aria-label={`${texts.action} ${uq.questionnaire.title}`}
                        >
                          {texts.action}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {(isOpen || needsUpload) && (
                    <Table.Tr>
                      <Table.Td colSpan={3} bg="gray.0">
                        {uq.questionnaire.isCustom ? (
                          <UploadCustomQuestionnaire oid={oid} userQuestionnaire={uq} onUploaded={refetch} />
                        ) : (
                          <CustomizeEditor
                            userQuestionnaire={uq}
                            onClose={() => setOpen(uq._id, false)}
                            onSaved={refetch}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      {continueError && (
        <Alert color="red" role="alert">
          {continueError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="md" onClick={next}>
          Next
        </Button>
      </Group>
    </Page>
  );
}
