import { Page } from '../components/page';

export function LocationsPage() {
  return <Page title="Add Locations" />;
}
