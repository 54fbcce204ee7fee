import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { SHOPPER_GENDERS } from '../../../domain';
import { errorMessage, fieldErrors } from '../../app/apollo';
import {
  ADD_CERTIFICATION,
  QUESTIONNAIRE_SHOPPER_RULES,
  SAVE_QUESTIONNAIRE_SHOPPER_RULES,
  SET_SHOPPER_CERTIFICATION,
} from './shopper-rules-documents';

type Values = Record<
  'minAge' | 'maxAge' | 'gender' | 'certificationId' | 'minRating' | 'locationGapDays' | 'maxVisitsPerCycle',
  string
> & { requiresCar: boolean };

const str = (v: number | string | null | undefined) => (v == null ? '' : String(v));
const num = (s: string) => (s.trim() === '' ? null : Number(s));
const digits = (s: string) => s.replace(/[^\d.]/g, '');

/** Who may take the questionnaire's visits, and its rotation rules (issue 47): on the questionnaire's admin page. */
export function ShopperRulesPanel({ qid }: { qid: string }) {
  const { data, loading, error } = useQuery(QUESTIONNAIRE_SHOPPER_RULES, {
    variables: { qid },
    fetchPolicy: 'network-only',
  });
  const [save, saving] = useMutation(SAVE_QUESTIONNAIRE_SHOPPER_RULES);
  const [addCert, adding] = useMutation(ADD_CERTIFICATION, { refetchQueries: ['QuestionnaireShopperRules'] });
  const [grant, granting] = useMutation(SET_SHOPPER_CERTIFICATION, {
    refetchQueries: ['QuestionnaireShopperRules'],
  });
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [newCert, setNewCert] = useState('');
  const [grantEmail, setGrantEmail] = useState('');
  const rules = data?.questionnaireShopperRules;

  useEffect(() => {
    if (rules && !values)
      setValues({
        minAge: str(rules.minAge),
        maxAge: str(rules.maxAge),
        gender: str(rules.gender),
        requiresCar: rules.requiresCar,
        certificationId: str(rules.certificationId),
        minRating: str(rules.minRating),
        locationGapDays: str(rules.locationGapDays),
        maxVisitsPerCycle: str(rules.maxVisitsPerCycle),
      });
  }, [rules, values]);

  if (loading && !data) return <Text c="dimmed">Loading shopper rules…</Text>;
  if (error && !data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  if (!values) return null;
  const certs = data?.certifications ?? [];
  const set = (patch: Partial<Values>) => setValues({ ...values, ...patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      await save({
        variables: {
          qid,
          input: {
            minAge: num(values.minAge),
            maxAge: num(values.maxAge),
            gender: values.gender || null,
            requiresCar: values.requiresCar,
            certificationId: values.certificationId || null,
            minRating: num(values.minRating),
            locationGapDays: num(values.locationGapDays),
            maxVisitsPerCycle: num(values.maxVisitsPerCycle),
          },
        },
      });
      setMessage({ ok: true, text: 'Shopper rules saved.' });
    } catch (err) {
      setErrors(fieldErrors(err));
      setMessage({ ok: false, text: errorMessage(err) });
    }
  };
  const define = async () => {
    setMessage(null);
    try {
      const res = await addCert({ variables: { input: { name: newCert, description: '' } } });
      setNewCert('');
      if (res.data) set({ certificationId: res.data.addCertification._id });
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    }
  };
  const grantTo = async () => {
    setMessage(null);
    try {
      await grant({ variables: { email: grantEmail, certificationId: values.certificationId, held: true } });
      setMessage({ ok: true, text: `Certification granted to ${grantEmail}.` });
      setGrantEmail('');
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="shopper-rules-title">
      <form onSubmit={submit} aria-label="Shopper rules" noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h3" id="shopper-rules-title">
              Shopper Rules
            </Title>
            <Text size="sm" c="dimmed">
              A shopper who does not meet the requirements does not see this questionnaire's visits. Rotation
              rules are checked when a shopper accepts. Leave a field empty for no rule.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <TextInput
              label="Minimum age"
              inputMode="numeric"
              value={values.minAge}
              onChange={(e) => set({ minAge: digits(e.currentTarget.value) })}
              error={errors.minAge}
            />
            <TextInput
              label="Maximum age"
              inputMode="numeric"
              value={values.maxAge}
              onChange={(e) => set({ maxAge: digits(e.currentTarget.value) })}
              error={errors.maxAge}
            />
            <NativeSelect
              label="Gender"
              data={[{ value: '', label: 'Any' }, ...SHOPPER_GENDERS.map((g) => ({ value: g, label: g }))]}
              value={values.gender}
              onChange={(e) => set({ gender: e.currentTarget.value })}
              error={errors.gender}
            />
            <TextInput
              label="Minimum shopper rating (1-10)"
              inputMode="decimal"
              value={values.minRating}
              onChange={(e) => set({ minRating: digits(e.currentTarget.value) })}
              error={errors.minRating}
            />
            <NativeSelect
              label="Certification"
              data={[
                { value: '', label: 'None' },
                ...certs.map((c) => ({ value: c._id, label: `${c.name} (${c.holders})` })),
              ]}
              value={values.certificationId}
              onChange={(e) => set({ certificationId: e.currentTarget.value })}
              error={errors.certificationId}
            />
            <Checkbox
              label="Shopper needs a car"
              checked={values.requiresCar}
              onChange={(e) => set({ requiresCar: e.currentTarget.checked })}
              style={{ alignSelf: 'flex-end' }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Days between visits to one location (per shopper)"
              inputMode="numeric"
              value={values.locationGapDays}
              onChange={(e) => set({ locationGapDays: digits(e.currentTarget.value) })}
              error={errors.locationGapDays}
            />
            <TextInput
              label="Visits per shopper per program per cycle"
              inputMode="numeric"
              value={values.maxVisitsPerCycle}
              onChange={(e) => set({ maxVisitsPerCycle: digits(e.currentTarget.value) })}
              error={errors.maxVisitsPerCycle}
            />
          </SimpleGrid>
          {message && (
            <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={saving.loading}>
              Save Shopper Rules
            </Button>
          </Group>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="New certification"
              value={newCert}
              onChange={(e) => setNewCert(e.currentTarget.value)}
              style={{ flex: '1 1 200px' }}
            />
            <Button
              variant="default"
              onClick={() => void define()}
              loading={adding.loading}
              disabled={!newCert.trim()}
            >
              Define
            </Button>
          </Group>
          {values.certificationId && (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label="Grant the certification to the shopper with e-mail"
                type="email"
                value={grantEmail}
                onChange={(e) => setGrantEmail(e.currentTarget.value)}
                style={{ flex: '1 1 200px' }}
              />
              <Button
                variant="default"
                onClick={() => void grantTo()}
                loading={granting.loading}
                disabled={!grantEmail.trim()}
              >
                Grant
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
