import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../components/page';

export const MSG_NO_QUESTIONNAIRES =
  'You have not selected any questionnaires yet, please begin the order process.';

/** Add Locations and Frequency without questionnaires on the order: a prompt to get started. */
export function NoQuestionnairesYet({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Paper withBorder p="xl">
        <Stack align="center" gap="md">
          <Text ta="center" size="lg">
            {MSG_NO_QUESTIONNAIRES}
          </Text>
          <Button component={Link} to="/industry" size="md">
            Get Started
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
