import { useMutation } from '@apollo/client';
import { Anchor, Group, Loader } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { notifyError } from '../app/apollo';
import { CREATE_EXPORT_LINK } from './admin-documents';

/**
 * 'Export … to CSV', shown as a link: asks for a short-lived link (5 minutes) at the moment of the
 * click, then goes there so the browser downloads the file.
 */
export function ExportLink({ type, label }: { type: 'customers' | 'orders'; label: string }) {
  const [createExportLink, { loading }] = useMutation(CREATE_EXPORT_LINK);
  const exportCsv = async () => {
    if (loading) return;
    try {
      const { data } = await createExportLink({ variables: { type } });
      if (!data) throw new Error('The export could not be started.');
      window.location.assign(data.createExportLink.url);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Anchor component="button" type="button" onClick={exportCsv} fw={600} aria-busy={loading}>
      <Group gap={6} component="span" wrap="nowrap">
        {loading ? <Loader size={16} /> : <IconFileExport size={18} aria-hidden />}
        {label}
      </Group>
    </Anchor>
  );
}
