import { useMutation } from '@apollo/client';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { InlineConfirm } from '../../account/account-confirm';
import { notifyError, notifySuccess } from '../../app/apollo';
import type { AdminBrandCatalogueQuery } from '../../gql/graphql';
import { BRAND_CATALOGUE, REMOVE_INDUSTRY, TOGGLE_INDUSTRY_PUBLISH } from './questionnaire-documents';

export type CatalogueIndustry = AdminBrandCatalogueQuery['industries'][number];

export const MSG_INDUSTRY_REMOVED = 'Successfully removed Industry';

/** 'Survey' or 'Shop', as the list shows a questionnaire's type. */
export const shortTypeLabel = (type: string) => (type === 'customerSurvey' ? 'Survey' : 'Shop');

export function UnpublishedBadge() {
  return (
    <Badge
      color="gray"
      variant="light"
      size="sm"
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      Unpublished
    </Badge>
  );
}

/** An open industry: Remove Industry, Publish/Unpublish, Add Questionnaire, then its questionnaires. */
export function IndustryPanel({ brandId, industry }: { brandId: string; industry: CatalogueIndustry }) {
  const refetch = { refetchQueries: [{ query: BRAND_CATALOGUE, variables: { brandId } }] };
  const [removeIndustry, removing] = useMutation(REMOVE_INDUSTRY, { ...refetch, awaitRefetchQueries: true });
  const [togglePublish, toggling] = useMutation(TOGGLE_INDUSTRY_PUBLISH);

  const remove = async () => {
    try {
      await removeIndustry({ variables: { id: industry._id } });
      notifySuccess(MSG_INDUSTRY_REMOVED);
    } catch (err) {
      notifyError(err);
    }
  };
  // Sends the opposite of the value shown (spec); the answer updates the cached industry.
  const toggle = async () => {
    try {
      await togglePublish({ variables: { id: industry._id, published: !industry.published } });
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button
            component={Link}
            to={`/admin/questionnaires/${brandId}/new?industryId=${encodeURIComponent(industry._id)}`}
            leftSection={<IconPlus size={16} />}
          >
            Add Questionnaire
          </Button>
          <Button variant="default" onClick={toggle} loading={toggling.loading}>
            {industry.published ? 'Unpublish' : 'Publish'}
          </Button>
        </Group>
        <InlineConfirm label="Remove Industry" onConfirm={remove} loading={removing.loading} />
      </Group>
      {industry.questionnaires.length === 0 ? (
        <Text size="sm" c="dimmed">
          No questionnaires in this industry yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label={`Questionnaires of ${industry.title}`}>
          <Table.Tbody>
            {industry.questionnaires.map((q) => (
              <Table.Tr key={q._id} data-testid="questionnaire-row">
                <Table.Td>
                  <Anchor component={Link} to={`/admin/questionnaires/${brandId}/${q._id}`}>
                    {q.title}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap="xs" wrap="nowrap" justify="flex-end" preventGrowOverflow={false}>
                    <Badge
                      variant="outline"
                      size="sm"
                      color={q.type === 'customerSurvey' ? 'teal' : 'blue'}
                      // Table sizing measures the label a few pixels short; never clip 'Survey'.
                      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
                    >
                      {shortTypeLabel(q.type)}
                    </Badge>
                    {!q.published && <UnpublishedBadge />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
