import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  createZCheckoutInput,
  flowVariantTexts,
  guestCheckoutOffered,
  ORDER_PATHS,
  type QuestionnaireType,
  ZFlowVariant,
} from '../../domain';
import { errorMessage, fieldErrors, notifyError } from '../app/apollo';
import { useBrand } from '../app/brand';
import { clearOrderCookies } from '../app/cookies';
import { ContactFields } from '../components/contact-fields';
import { NewPasswordFields } from '../components/new-password-fields';
import { CardEntry, type PaymentCardOnFile } from './card-entry';
import { createTokenThrottle } from './card-format';
import type { CardWidgetHandle, CardWidgetState } from './card-widget';
import { CHECKOUT } from './checkout-documents';
import { orderContentOf, rememberOrderContent } from './thanks-content';

export interface CheckoutUser {
  email: string;
  fullName: string;
  profile: { businessName: string; phone: string; additionalEmails: string };
  paymentCard?: PaymentCardOnFile | null;
}

type CheckoutFormValues = {
  profile: {
    firstName: string;
    lastName: string;
    businessName: string;
    phone: string;
    additionalEmails: string;
  };
  email: string;
  password: string;
  confirmPassword: string;
  paymentCardValid: boolean;
  cancellationPolcy: boolean;
  referralCode: string;
  guestCheckout: boolean;
};

const DEFAULTS: CheckoutFormValues = {
  profile: { firstName: '', lastName: '', businessName: '', phone: '', additionalEmails: '' },
  email: '',
  password: '',
  confirmPassword: '',
  paymentCardValid: false,
  cancellationPolcy: false,
  referralCode: '',
  guestCheckout: false,
};

/** Read-only contact details of a logged-in customer, edited on the account page. */
function ContactDetails({ user }: { user: CheckoutUser }) {
  return (
    <Paper withBorder p="sm" data-testid="contact-details">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{user.fullName}</Text>
          {user.profile.businessName && <Text size="sm">{user.profile.businessName}</Text>}
          {user.profile.phone && <Text size="sm">{user.profile.phone}</Text>}
          <Text size="sm">{user.email}</Text>
          {user.profile.additionalEmails && (
            <Text size="sm" c="dimmed">
              Also sent to: {user.profile.additionalEmails}
            </Text>
          )}
        </Stack>
        <Anchor component={Link} to={ORDER_PATHS.accountInfo} size="sm">
          Edit contact details
        </Anchor>
      </Group>
    </Paper>
  );
}

/**
 * The payment form (order-flow 5): contact details and password for visitors (or guest checkout when
 * offered), the referral code, the terms, and the card. Place Order locks until the call fails; on
 * success the browser loads /thanks.
 */
export function CheckoutForm({
  oid,
  user,
  shops,
  payment,
  totalDisplay,
}: {
  oid: string;
  user: CheckoutUser | null;
  shops: readonly { recurring: boolean; questionnaireType: string }[];
  payment: { provider: string; publishableKey: string | null };
  totalDisplay: string;
}) {
  const brand = useBrand();
  const texts = flowVariantTexts({ flowVariant: ZFlowVariant.catch('default').parse(brand.flowVariant) });
  const loggedIn = user !== null;
  const cardOnFile = user?.paymentCard ?? null;
  const hasCardOnFile = cardOnFile !== null;
  const types = shops.map((s) => s.questionnaireType as QuestionnaireType);
  const guestOffered = guestCheckoutOffered({
    loggedIn,
    shops: shops.map((s, i) => ({
      recurring: s.recurring,
      questionnaireType: types[i] as QuestionnaireType,
    })),
  });

  const resolver = useCallback<Resolver<CheckoutFormValues>>(
    (values, context, options) => {
      const schema = createZCheckoutInput({
        loggedIn,
        hasCardOnFile,
        guestCheckout: guestOffered && values.guestCheckout,
      });
      // Raw values: the server runs the same schema on what we send, confirmation included.
      const run = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<CheckoutFormValues>;
      return run(values, context, options);
    },
    [loggedIn, hasCardOnFile, guestOffered],
  );
  const form = useForm<CheckoutFormValues>({ resolver, defaultValues: DEFAULTS });
  const e = form.formState.errors;
  const guest = guestOffered && form.watch('guestCheckout');

  const [checkout] = useMutation(CHECKOUT);
  const [checkingOut, setCheckingOut] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const widget = useRef<CardWidgetHandle>(null);
  const throttle = useRef(createTokenThrottle()).current;

  const onCardChange = useCallback(
    (state: CardWidgetState) => {
      setCardError(state.error);
      form.setValue('paymentCardValid', state.complete && !state.error, {
        shouldValidate: form.formState.isSubmitted,
      });
    },
    [form],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setCheckingOut(true);
    setCardError(null);
    let stripeToken: string | undefined;
    if (!hasCardOnFile) {
      try {
        const card = widget.current;
        if (!card) throw new Error('The card form is still loading. Please try again.');
        stripeToken = await throttle(() => card.createToken());
      } catch (err) {
        setCardError(errorMessage(err));
        setCheckingOut(false);
        return;
      }
    }
    const account = loggedIn
      ? {}
      : {
          profile: values.profile,
          email: values.email,
          ...(guest ? {} : { password: values.password, confirmPassword: values.confirmPassword }),
        };
    try {
      await checkout({
        variables: {
          oid,
          input: {
            ...account,
            paymentCardValid: hasCardOnFile ? undefined : values.paymentCardValid,
            cancellationPolcy: values.cancellationPolcy,
            referralCode: values.referralCode.trim() || undefined,
            brandId: brand._id || undefined,
            stripeToken,
            guestCheckout: guest,
          },
        },
      });
    } catch (err) {
      notifyError(err);
      const fields = fieldErrors(err);
      for (const [field, message] of Object.entries(fields)) {
        if (field === 'card') setCardError(message);
        else if (field in DEFAULTS || field.startsWith('profile.')) {
          form.setError(field as keyof CheckoutFormValues, { message });
        }
      }
      setCheckingOut(false);
      return;
    }
    rememberOrderContent(orderContentOf(types));
    // The order is placed: forget it now, so the page that loads next never offers to resume it.
    clearOrderCookies();
    window.location.assign(ORDER_PATHS.thanks);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Payment">
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {loggedIn ? 'Your Contact Details' : 'Contact Information'}
          </Title>
          {user ? (
            <ContactDetails user={user} />
          ) : (
            <>
              <ContactFields form={form} additionalEmails />
              {guestOffered && (
                <Checkbox
                  label="Check out as a guest"
                  description="No account is created; your reports are e-mailed to you."
                  {...form.register('guestCheckout', {
                    onChange: () => form.clearErrors(['password', 'confirmPassword']),
                  })}
                />
              )}
              {!guest && (
                <Stack gap={4}>
                  {!guestOffered && (
                    <Text size="sm" c="dimmed">
                      Recurring shops and customer surveys are managed from your account: create a password
                      for it.
                    </Text>
                  )}
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <NewPasswordFields form={form} />
                  </SimpleGrid>
                </Stack>
              )}
            </>
          )}
        </Stack>

        <Divider />

        <Stack gap="sm">
          <Title order={2} size="h3">
            Payment
          </Title>
          <CardEntry
            cardOnFile={cardOnFile}
            provider={payment.provider}
            publishableKey={payment.publishableKey}
            widgetRef={widget}
            onChange={onCardChange}
            error={cardError ?? e.paymentCardValid?.message ?? null}
            disabled={checkingOut}
          />
          <TextInput
            label={texts.referralCodeLabel}
            {...form.register('referralCode')}
            error={e.referralCode?.message}
          />
          <Checkbox
            {...form.register('cancellationPolcy')}
            error={e.cancellationPolcy?.message}
            label={
              <>
                I have read and agree to the{' '}
                <Anchor href="/terms" target="_blank" rel="noopener" inherit>
                  Terms &amp; Conditions
                </Anchor>
              </>
            }
          />
        </Stack>

        <Group justify="space-between" align="center" gap="sm">
          <Text fw={600}>
            Total due today: <span data-testid="place-order-total">{totalDisplay}</span>
          </Text>
          <Button
            type="submit"
            size="md"
            loading={checkingOut}
            disabled={checkingOut}
            w={{ base: '100%', xs: 'auto' }}
          >
            Place Order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
