import '../../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { TBrandInput } from '../../../domain';
import { InlineConfirm } from '../../account/account-confirm';
import { errorMessage, notifyError, notifySuccess } from '../../app/apollo';
import { PageLoader } from '../../app/session';
import { Page } from '../../components/page';
import { ADMIN_BRAND, CREATE_BRAND, REMOVE_BRAND, UPDATE_BRAND } from './brand-documents';
import { BrandForm } from './brand-form';
import { brandToValues, NEW_BRAND_VALUES, type SavedBrand } from './brand-form-values';
import { BrandImages, BrandImagesHint } from './brand-images';

export const MSG_RESTRICT_CMS = 'This brand cannot be modified from the CMS';
export const MSG_BRAND_ADDED = 'Successfully added Brand';
export const MSG_BRAND_SAVED = 'Successfully saved Brand';
export const MSG_BRAND_REMOVED = 'Successfully removed Brand';

/** /admin/brands/add: after the first save the admin continues on the edit page (images come there). */
export function AddBrandPage() {
  const navigate = useNavigate();
  const [createBrand] = useMutation(CREATE_BRAND);
  const save = async (input: TBrandInput) => {
    const { data } = await createBrand({ variables: { input } });
    if (!data) return undefined;
    notifySuccess(MSG_BRAND_ADDED);
    navigate(`/admin/brands/edit/${data.createBrand._id}`);
    return undefined;
  };
  return (
    <Page title="Add Brand" size="md">
      <BrandForm
        defaultValues={NEW_BRAND_VALUES}
        submitLabel="Add Brand"
        save={save}
        images={<BrandImagesHint />}
      />
    </Page>
  );
}

/** Remove Brand, asked in place; the server's refusal (customers or orders exist) stays on screen. */
function RemoveBrand({ brand }: { brand: SavedBrand }) {
  const navigate = useNavigate();
  const [removeBrand, { loading }] = useMutation(REMOVE_BRAND);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async () => {
    setProblem(null);
    try {
      await removeBrand({
        variables: { id: brand._id },
        update: (cache) => {
          cache.evict({ id: cache.identify({ __typename: 'Brand', _id: brand._id }) });
          cache.gc();
        },
      });
      notifySuccess(MSG_BRAND_REMOVED);
      navigate('/admin/questionnaires');
    } catch (err) {
      setProblem(errorMessage(err));
      notifyError(err);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="remove-brand-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="remove-brand-title">
          Remove Brand
        </Title>
        <Text size="sm" c="dimmed">
          Removes the brand with its industries and questionnaires. Brands with customers or orders cannot be
          removed.
        </Text>
        <Group>
          <InlineConfirm label="Remove Brand" onConfirm={remove} loading={loading} />
        </Group>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function EditBrand({ brand }: { brand: SavedBrand }) {
  const [updateBrand] = useMutation(UPDATE_BRAND);
  const readOnly = brand.restrictCMS;
  const save = async (input: TBrandInput) => {
    // Images are saved by their own buttons; keep what is stored.
    const { data } = await updateBrand({
      variables: {
        id: brand._id,
        input: {
          ...input,
          logoUrl: brand.logoUrl,
          faviconUrl: brand.faviconUrl,
          brandTextImageUrl: brand.brandTextImageUrl,
        },
      },
    });
    notifySuccess(MSG_BRAND_SAVED);
    return data ? brandToValues(data.updateBrand) : undefined;
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to="/admin/questionnaires">
          Back to Brands
        </Anchor>
        <Anchor component={Link} to={`/admin/questionnaires/${brand._id}`}>
          Manage Questionnaires
        </Anchor>
      </Group>
      {readOnly && (
        <Alert color="yellow" title="Read only">
          {MSG_RESTRICT_CMS}
        </Alert>
      )}
      <BrandForm
        defaultValues={brandToValues(brand)}
        readOnly={readOnly}
        logoUrl={brand.logoUrl}
        submitLabel="Save"
        save={save}
        images={<BrandImages brand={brand} readOnly={readOnly} />}
        dangerZone={readOnly || brand.isDefault ? null : <RemoveBrand brand={brand} />}
      />
    </Stack>
  );
}

/** /admin/brands/edit/:brandId */
export function EditBrandPage() {
  const { brandId = '' } = useParams();
  const { data, loading, error } = useQuery(ADMIN_BRAND, { variables: { id: brandId } });
  const brand = data?.brand;
  return (
    <Page title="Edit Brand" heading={brand ? `Edit Brand: ${brand.name}` : 'Edit Brand'} size="md">
      {loading && !data ? (
        <PageLoader />
      ) : error && !data ? (
        <Alert color="red">{errorMessage(error)}</Alert>
      ) : !brand ? (
        <Alert color="red">Brand Not Found</Alert>
      ) : (
        // Keyed by brand so the form starts over when another brand is opened.
        <EditBrand key={brand._id} brand={brand} />
      )}
    </Page>
  );
}
