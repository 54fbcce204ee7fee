import '../../app/full-styles';
import { useQuery } from '@apollo/client';
import { Accordion, Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/apollo';
import { PageLoader } from '../../app/session';
import { Page } from '../../components/page';
import { AddIndustryForm } from './add-industry-form';
import { IndustryPanel, UnpublishedBadge } from './industry-panel';
import { BRAND_CATALOGUE } from './questionnaire-documents';

/**
 * /admin/questionnaires/:brandId: the brand's industries in an accordion, one open at a time. The open
 * one is kept in ?industry= so coming back from a questionnaire reopens it.
 */
export function ManageQuestionnairesPage() {
  const { brandId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { data, loading, error } = useQuery(BRAND_CATALOGUE, { variables: { brandId } });
  const open = search.get('industry');
  const setOpen = (id: string | null) =>
    setSearch(id ? { industry: id } : {}, { replace: true, preventScrollReset: true });

  const brand = data?.brand;
  return (
    <Page
      title="Manage Questionnaires"
      heading={brand ? `${brand.name} Questionnaires` : 'Manage Questionnaires'}
    >
      <Group justify="space-between" gap="sm">
        <Button
          component={Link}
          to="/admin/questionnaires"
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Select different Brand
        </Button>
        {brand && (
          <Button component={Link} to={`/admin/brands/edit/${brand._id}`} variant="subtle">
            Edit Brand
          </Button>
        )}
      </Group>
      {loading && !data ? (
        <PageLoader />
      ) : error && !data ? (
        <Alert color="red">{errorMessage(error)}</Alert>
      ) : !brand ? (
        <Alert color="red">Brand Not Found</Alert>
      ) : (
        <>
          <AddIndustryForm brandId={brand._id} onAdded={setOpen} />
          {data.industries.length === 0 ? (
            <Text c="dimmed">No industries yet. Add one above.</Text>
          ) : (
            <Accordion variant="separated" value={open} onChange={setOpen} data-testid="industries">
              {data.industries.map((industry) => (
                <Accordion.Item key={industry._id} value={industry._id} data-testid="industry-item">
                  <Accordion.Control>
                    <Group gap="sm" wrap="nowrap">
                      <Text fw={600}>{industry.title}</Text>
                      {!industry.published && <UnpublishedBadge />}
                      <Text size="sm" c="dimmed" ml="auto" mr="xs" style={{ whiteSpace: 'nowrap' }}>
                        {industry.questionnaires.length === 1
                          ? '1 questionnaire'
                          : `${industry.questionnaires.length} questionnaires`}
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <IndustryPanel brandId={brand._id} industry={industry} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </>
      )}
    </Page>
  );
}
