import { useApolloClient } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Flex, Paper, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notifyError } from '../app/apollo';
import { ADMIN_ORDER_LOOKUP } from './admin-documents';
import { orderNotFoundMessage, parseOrderNumber, type TOrderLookup, ZOrderLookup } from './admin-links';

/**
 * Lookup By Order Number: a placed order opens its details (with the way back to the orders list);
 * anything else says it was not found, in place.
 */
export function OrderLookupForm() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [notFound, setNotFound] = useState<string | null>(null);
  const form = useForm<TOrderLookup>({
    resolver: zodResolver(ZOrderLookup),
    defaultValues: { orderNumber: '' },
  });

  const onSubmit = form.handleSubmit(async ({ orderNumber: text }) => {
    setNotFound(null);
    const orderNumber = parseOrderNumber(text);
    try {
      const { data } =
        orderNumber === null
          ? { data: null }
          : await client.query({
              query: ADMIN_ORDER_LOOKUP,
              variables: { orderNumber },
              fetchPolicy: 'network-only',
            });
      if (data?.order?.status === 'COMPLETE') {
        navigate(`/admin/orders/${data.order.orderNumber}`, {
          state: { returnUrl: '/admin/orders', returnText: 'Back To Orders' },
        });
      } else {
        setNotFound(text);
      }
    } catch (err) {
      notifyError(err);
    }
  });

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Lookup By Order Number"
    >
      <Stack gap="sm">
        <Flex direction={{ base: 'column', xs: 'row' }} align="flex-start" gap="sm">
          <TextInput
            label="Lookup By Order Number"
            placeholder="e.g. 10001"
            inputMode="numeric"
            autoComplete="off"
            w={{ base: '100%', xs: 'auto' }}
            style={{ flex: 1 }}
            error={form.formState.errors.orderNumber?.message}
            {...form.register('orderNumber')}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={form.formState.isSubmitting}
          >
            Search
          </Button>
        </Flex>
        {notFound !== null && (
          <Alert color="red" role="alert" data-testid="order-lookup-not-found">
            {orderNotFoundMessage(notFound)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
