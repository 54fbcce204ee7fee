import { Image, Paper, Text } from '@mantine/core';
import { useBrand } from '../app/brand';
import { Page } from '../components/page';
import { GetStartedView } from './get-started-view';

/** /industry: Get Started, with the brand's text block when it has one. */
export function GetStartedPage() {
  const brand = useBrand();
  return (
    <Page title="Get Started">
      {brand.brandTextImageUrl && (
        <Image src={brand.brandTextImageUrl} alt="" mah={160} w="auto" fit="contain" />
      )}
      {brand.brandText && (
        <Paper withBorder p="lg" bg="brand.0" data-testid="brand-text">
          <Text>{brand.brandText}</Text>
        </Paper>
      )}
      <GetStartedView />
    </Page>
  );
}
