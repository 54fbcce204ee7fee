import { Page } from '../components/page';

export function BulkLocationsPage() {
  return <Page title="Add Bulk Locations" />;
}
