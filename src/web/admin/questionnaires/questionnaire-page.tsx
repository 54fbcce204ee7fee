import '../../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/apollo';
import { PageLoader } from '../../app/session';
import { Page } from '../../components/page';
import { ADMIN_QUESTIONNAIRE, BRAND_CATALOGUE, EVALUATION_FORM_CHOICES } from './questionnaire-documents';
import { type Choice, QuestionnaireForm } from './questionnaire-form';
import { newQuestionnaireValues, questionnaireToValues } from './questionnaire-form-values';
import { ShopperRulesPanel } from './shopper-rules-panel';

/** An evaluation form as the select lists it: inactive and never-published forms are marked. */
const formChoice = (f: {
  _id: string;
  name: string;
  isActive: boolean;
  latestVersion?: { version: number } | null;
}): Choice => {
  const notes = [!f.isActive && 'inactive', !f.latestVersion && 'not published'].filter(Boolean);
  return { value: f._id, label: notes.length ? `${f.name} (${notes.join(', ')})` : f.name };
};

/** /admin/questionnaires/:brandId/:qid; qid 'new' adds one (its industry may come in ?industryId=). */
export function QuestionnairePage() {
  const { brandId = '', qid = 'new' } = useParams();
  const [search] = useSearchParams();
  const isNew = qid === 'new';
  const catalogue = useQuery(BRAND_CATALOGUE, { variables: { brandId } });
  // Fresh from the server: the form takes its values once, when it first renders.
  const saved = useQuery(ADMIN_QUESTIONNAIRE, {
    variables: { id: qid },
    skip: isNew,
    fetchPolicy: 'network-only',
  });
  const forms = useQuery(EVALUATION_FORM_CHOICES);

  const title = isNew ? 'Add Questionnaire' : 'Edit Questionnaire';
  const brand = catalogue.data?.brand;
  const questionnaire = saved.data?.questionnaire;
  const loading =
    (catalogue.loading && !catalogue.data) || (!isNew && saved.loading) || (forms.loading && !forms.data);
  const failure = (catalogue.error && !catalogue.data) || (!isNew && saved.error);

  let body: ReactNode;
  if (loading) body = <PageLoader />;
  else if (failure) body = <Alert color="red">{errorMessage(failure)}</Alert>;
  else if (!brand) body = <Alert color="red">Brand Not Found</Alert>;
  else if (!isNew && (!questionnaire || questionnaire.brandId !== brand._id))
    body = <Alert color="red">Questionnaire Not Found</Alert>;
  else {
    const industries = (catalogue.data?.industries ?? []).map((i) => ({
      value: i._id,
      label: i.published ? i.title : `${i.title} (unpublished)`,
    }));
    const wanted = search.get('industryId') ?? '';
    const defaults = questionnaire
      ? questionnaireToValues(questionnaire)
      : newQuestionnaireValues(
          brand._id,
          industries.some((i) => i.value === wanted) ? wanted : (industries[0]?.value ?? ''),
        );
    body = (
      <>
        <QuestionnaireForm
          key={questionnaire?._id ?? 'new'}
          questionnaireId={questionnaire?._id ?? null}
          brandId={brand._id}
          defaultValues={defaults}
          industries={industries}
          forms={forms.data ? forms.data.forms.map(formChoice) : null}
        />
        {questionnaire && <ShopperRulesPanel qid={questionnaire._id} />}
      </>
    );
  }

  return (
    <Page title={title} size="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed">{brand ? `Brand: ${brand.name}` : ''}</Text>
        <Group gap="sm">
          <Button component={Link} to="/admin/questionnaires" variant="default">
            Select different Brand
          </Button>
          <Button
            component={Link}
            to={
              questionnaire
                ? `/admin/questionnaires/${brandId}?industry=${encodeURIComponent(questionnaire.industryId)}`
                : `/admin/questionnaires/${brandId}`
            }
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Return to Questionnaires
          </Button>
        </Group>
      </Group>
      {body}
    </Page>
  );
}
