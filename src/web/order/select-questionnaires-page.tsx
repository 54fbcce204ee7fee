import { Page } from '../components/page';

export function SelectQuestionnairesPage() {
  return <Page title="Select Questionnaires" />;
}
