import { Page } from '../components/page';

export function ThanksPage() {
  return <Page title="Thank You" />;
}
