import { Page } from '../components/page';

export function CustomizePage() {
  return <Page title="Customize Your Questionnaires" />;
}
