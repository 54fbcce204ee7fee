import { Page } from '../components/page';

export function FrequencyPage() {
  return <Page title="Specify Frequency" />;
}
