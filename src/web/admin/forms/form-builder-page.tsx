import '../../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Container, VisuallyHidden } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { parseForm } from '../../../evaluation';
import { errorMessage } from '../../app/apollo';
import { usePageTitle } from '../../app/page-title';
import { PageLoader } from '../../app/session';
import { FormBuilder } from './form-builder';
import { FORM } from './forms-documents';

function Problem({ title, children }: { title: string; children: React.ReactNode }) {
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={title}>
        {children}{' '}
        <Anchor component={Link} to="/admin/forms">
          Back to forms
        </Anchor>
      </Alert>
    </Container>
  );
}

/** /admin/forms/:formId: loads the form and its saved draft into the builder. */
export function FormBuilderPage() {
  const { formId = '' } = useParams();
  // The builder keeps its own copy of the draft, so it starts from the server's latest.
  const { data, loading, error } = useQuery(FORM, {
    variables: { id: formId },
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-only',
  });
  if (loading && !data) return <PageLoader />;
  if (error) return <Problem title="Form could not be loaded">{errorMessage(error)}</Problem>;
  const form = data?.form;
  if (!form) return <Problem title="Form Not Found">There is no form with this id.</Problem>;
  const draft = parseForm(form.draft);
  if (!draft.ok) return <Problem title="Form cannot be opened">{draft.error.message}</Problem>;
  // The form's name is a text box in the builder: the page's heading, for screen readers and for the
  // focus that moves to each new page's heading, is kept out of sight.
  return (
    <>
      <VisuallyHidden component="h1">Form builder: {form.name}</VisuallyHidden>
      <FormBuilder key={form._id} form={form} initialDraft={draft.value} />
    </>
  );
}
