import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Button,
  Center,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import {
  BENCHMARK_MIN_ACCOUNTS,
  BENCHMARK_MIN_SHOPS,
  DEFAULT_TRAILING_SHOPS,
  MAX_TRAILING_SHOPS,
  MSG_ALERT_RULE_SAVED,
} from '../../domain';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import { Page } from '../components/page';
import type { ScoreAlertRuleQuery } from '../gql/graphql';
import { usePrograms } from '../reports/programs-table';
import { OWN_REPORTS } from '../reports/report-scope';
import {
  BENCHMARK_SETTINGS,
  SAVE_SCORE_ALERT_RULE,
  SCORE_ALERT_RULE,
  SET_BENCHMARK_CONTRIBUTION,
} from './score-alert-documents';

type Rule = ScoreAlertRuleQuery['scoreAlertRule'];
const num = (v: number | string) => (v === '' ? null : Number(v));

/** One program's rule: alert below a percent, and/or on a drop of more than some points against the last N shops. */
function RuleForm({ rule }: { rule: Rule }) {
  const [below, setBelow] = useState<number | string>(rule.belowPercent ?? '');
  const [drop, setDrop] = useState<number | string>(rule.dropPoints ?? '');
  const [trailing, setTrailing] = useState<number | string>(rule.trailingShops ?? DEFAULT_TRAILING_SHOPS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { loading }] = useMutation(SAVE_SCORE_ALERT_RULE, { refetchQueries: ['ScoreAlertRule'] });
  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setErrors({});
    try {
      await save({
        variables: {
          input: {
            programId: rule.programId,
            belowPercent: num(below),
            dropPoints: num(drop),
            trailingShops: num(trailing) ?? DEFAULT_TRAILING_SHOPS,
          },
        },
      });
      notifySuccess(MSG_ALERT_RULE_SAVED);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err) });
    }
  };
  return (
    <Stack component="form" gap="sm" onSubmit={onSubmit} aria-label="Alert rule">
      {!rule.isSet && (
        <Text size="sm" c="dimmed" data-testid="alert-rule-off">
          This program raises no alerts yet.
        </Text>
      )}
      <NumberInput
        label="Alert when a location scores under (%)"
        description="Leave empty for no line."
        min={1}
        max={100}
        allowDecimal={false}
        value={below}
        onChange={setBelow}
        error={errors.belowPercent}
      />
      <NumberInput
        label="Alert when a location drops more than (points)"
        description="Against its average of its last shops. Leave empty for no drop alert."
        min={1}
        max={100}
        allowDecimal={false}
        value={drop}
        onChange={setDrop}
        error={errors.dropPoints}
      />
      <NumberInput
        label="Trailing average of the last (shops)"
        min={1}
        max={MAX_TRAILING_SHOPS}
        allowDecimal={false}
        value={trailing}
        onChange={setTrailing}
        error={errors.trailingShops}
      />
      {errors.form && <Alert color="red">{errors.form}</Alert>}
      <Button type="submit" loading={loading} style={{ alignSelf: 'flex-start' }}>
        Save alert rule
      </Button>
    </Stack>
  );
}

function ProgramRule({ programId }: { programId: string }) {
  const { data, loading, error } = useQuery(SCORE_ALERT_RULE, { variables: { programId } });
  if (loading && !data)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="Loading..." />
      </Center>
    );
  if (error || !data) return <Alert color="red">{errorMessage(error)}</Alert>;
  return <RuleForm key={programId} rule={data.scoreAlertRule} />;
}

function BenchmarkSetting() {
  const { data } = useQuery(BENCHMARK_SETTINGS);
  const [set, { loading }] = useMutation(SET_BENCHMARK_CONTRIBUTION);
  const contributes = data?.benchmarkSettings.contributes ?? true;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="benchmarks-setting">
      <Stack gap="sm">
        <Title order={2} size="h4" id="benchmarks-setting">
          Benchmarks
        </Title>
        <Text size="sm">
          The Performance Summary shows where your scores stand among other accounts' shops of the same
          industry, as a band such as "Top 25 %", when at least {BENCHMARK_MIN_ACCOUNTS} other accounts and{' '}
          {BENCHMARK_MIN_SHOPS} shops contribute. No account's figures are ever shown to another.
        </Text>
        <Switch
          label="Contribute our approved shops, anonymously, to other accounts' benchmarks"
          checked={contributes}
          disabled={!data || loading}
          onChange={(e) =>
            set({ variables: { contribute: e.currentTarget.checked } })
              .then(() => notifySuccess('Successfully saved your information'))
              .catch(notifyError)
          }
        />
      </Stack>
    </Paper>
  );
}

/** /account/alerts: each program's score alert rule, and the benchmark contribution (owner and admins). */
export function AlertSettingsPage() {
  const programRows = usePrograms(OWN_REPORTS).rows;
  const programs = useMemo(() => programRows.filter((p) => p.programType === 'shop'), [programRows]);
  const [programId, setProgramId] = useState<string | null>(null);
  const chosen = programId ?? programs[0]?.programId ?? null;
  return (
    <Page title="Alerts & Benchmarks">
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="alert-rules">
          <Stack gap="sm">
            <Title order={2} size="h4" id="alert-rules">
              Score alerts
            </Title>
            <Text size="sm">
              The location's managers and the owner are told by e-mail (see Communication Preferences), and
              the alert shows on the dashboard until someone acknowledges it.
            </Text>
            {programs.length ? (
              <>
                <Select
                  label="Program"
                  data={programs.map((p) => ({ value: p.programId, label: p.programName }))}
                  value={chosen}
                  onChange={setProgramId}
                  allowDeselect={false}
                />
                {chosen && <ProgramRule programId={chosen} />}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                No mystery shop programs yet.
              </Text>
            )}
          </Stack>
        </Paper>
        <BenchmarkSetting />
      </Stack>
    </Page>
  );
}
