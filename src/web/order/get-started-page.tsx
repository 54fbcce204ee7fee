import { Image, Paper, Text } from '@mantine/core';
import { useBrand } from '../app/brand';
import { Page } from '../components/page';

/** /industry: Get Started. The order wizard fills this in; the brand text block is shown when set. */
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
      <Text c="dimmed">Choose the services, industry and questionnaires for your locations.</Text>
    </Page>
  );
}
