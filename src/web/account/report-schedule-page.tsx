import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Center, Checkbox, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import {
  longDay,
  MSG_NO_RECIPIENTS,
  MSG_SCHEDULE_SAVED,
  MSG_SCHEDULE_STOPPED,
  PAPER_LABELS,
  PAPER_SIZES,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  TEAM_ROLE_LABELS,
  type TeamRole,
} from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';
import { Page } from '../components/page';
import { Section } from '../components/section';
import { REPORT_SCHEDULE, SAVE_REPORT_SCHEDULE } from './report-schedule-documents';

export const MSG_SCHEDULE_INTRO =
  'Send the Performance Summary by e-mail, with its PDF attached, to members of your team. Each recipient gets the figures of the locations they can see: a manager gets their regions only.';

const OFF = 'off';

/** /account/report-emails: the owner sets the account's scheduled report e-mail. */
export function ReportSchedulePage() {
  const { data, loading, error } = useQuery(REPORT_SCHEDULE);
  const [save, saving] = useMutation(SAVE_REPORT_SCHEDULE, {
    refetchQueries: ['ReportSchedule'],
    awaitRefetchQueries: true,
  });
  const schedule = data?.reportSchedule;
  const [frequency, setFrequency] = useState<string>(OFF);
  const [paper, setPaper] = useState<string>('a4');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!schedule) return;
    setFrequency(schedule.frequency ?? OFF);
    setPaper(schedule.paper);
    setChosen(schedule.recipients.map((r) => r.userId));
  }, [schedule]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (frequency !== OFF && chosen.length === 0) return setErrors({ recipientIds: MSG_NO_RECIPIENTS });
    setErrors({});
    try {
      await save({
        variables: { frequency: frequency === OFF ? null : frequency, paper, recipientIds: chosen },
      });
      notifications.show({
        color: 'green',
        message: frequency === OFF ? MSG_SCHEDULE_STOPPED : MSG_SCHEDULE_SAVED,
      });
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err) });
    }
  };

  const unsubscribed = new Set(schedule?.recipients.filter((r) => r.unsubscribed).map((r) => r.userId));
  return (
    <Page title="Scheduled Reports" size="md">
      <Text>{MSG_SCHEDULE_INTRO}</Text>
      {loading && !data ? (
        <Center py="xl">
          <Loader aria-label="Loading..." />
        </Center>
      ) : error ? (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Scheduled report">
          <Stack gap="md">
            <Section title="How often">
              <Radio.Group
                value={frequency}
                onChange={setFrequency}
                name="frequency"
                error={errors.frequency}
              >
                <Stack gap="xs">
                  <Radio value={OFF} label="Off: no scheduled e-mail" />
                  {REPORT_FREQUENCIES.map((f) => (
                    <Radio key={f} value={f} label={REPORT_FREQUENCY_LABELS[f]} />
                  ))}
                </Stack>
              </Radio.Group>
              {schedule?.nextSendDay && frequency === schedule.frequency && (
                <Text size="sm" c="dimmed" data-testid="next-send-day">
                  {`Next e-mail: ${longDay(schedule.nextSendDay)}`}
                </Text>
              )}
              <Radio.Group
                value={paper}
                onChange={setPaper}
                name="paper"
                label="PDF paper size"
                error={errors.paper}
              >
                <Group gap="md" mt={4}>
                  {PAPER_SIZES.map((p) => (
                    <Radio key={p} value={p} label={PAPER_LABELS[p]} />
                  ))}
                </Group>
              </Radio.Group>
            </Section>
            <Section title="Recipients">
              <Checkbox.Group value={chosen} onChange={setChosen} error={errors.recipientIds}>
                <Stack gap="xs">
                  {schedule?.members.map((m) => (
                    <Checkbox
                      key={m.userId}
                      value={m.userId}
                      disabled={frequency === OFF}
                      label={`${m.name} (${m.email}) · ${TEAM_ROLE_LABELS[m.role.toLowerCase() as TeamRole] ?? m.role}`}
                      description={unsubscribed.has(m.userId) ? 'Unsubscribed from these e-mails' : undefined}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            </Section>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={saving.loading}>
                Save Schedule
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}
