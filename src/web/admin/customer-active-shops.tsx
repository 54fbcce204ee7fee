import { useQuery } from '@apollo/client';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { ActiveShopLocations, NextBillingPanel } from '../account/active-shops-page';
import { errorMessage } from '../app/apollo';
import { ADMIN_CUSTOMER_ACTIVE_SHOPS } from './admin-documents';

export const MSG_CUSTOMER_NO_ACTIVE_SHOPS = 'This customer has no active recurring shops.';

/** The customer's next billing and active recurring shops by location, each cancellable. */
export function CustomerActiveShops({ uid }: { uid: string }) {
  const { data, loading, error } = useQuery(ADMIN_CUSTOMER_ACTIVE_SHOPS, { variables: { uid } });
  const user = data?.user;
  if (!user) {
    return loading ? (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    ) : (
      <Alert color="red">{errorMessage(error)}</Alert>
    );
  }
  return (
    <Stack gap="md">
      <NextBillingPanel next={user.nextBilling} />
      <ActiveShopLocations
        locations={user.locations}
        audience="admin"
        refetchQueries={['AdminCustomerActiveShops']}
        emptyText={MSG_CUSTOMER_NO_ACTIVE_SHOPS}
      />
    </Stack>
  );
}
