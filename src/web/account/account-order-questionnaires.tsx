import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { AccountOrderQuery } from '../gql/graphql';

type UserQuestionnaire = NonNullable<AccountOrderQuery['order']>['userQuestionnaires'][number];

/** The order's questionnaires with their customization: custom questions, upload and comments. */
export function OrderQuestionnaires({
  userQuestionnaires,
}: {
  userQuestionnaires: readonly UserQuestionnaire[];
}) {
  return (
    <Stack gap="sm" data-testid="order-questionnaires">
      <Title order={2} size="h3">
        Questionnaires
      </Title>
      {userQuestionnaires.map((uq) => (
        <Paper key={uq._id} withBorder p="md">
          <Stack gap="xs">
            <Text fw={700}>{uq.questionnaire.title}</Text>
            {uq.customQuestions.length > 0 ? (
              <div>
                <Text size="sm" c="dimmed">
                  Custom Questions
                </Text>
                <List size="sm" spacing={4}>
                  {uq.customQuestions.map((q, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders.
                    <List.Item key={`${i}-${q.question}`}>
                      {q.question}{' '}
                      <Text span size="xs" c="dimmed">
                        ({q.type}
                        {q.multipleChoiceOptions.length > 0 ? `: ${q.multipleChoiceOptions.join(', ')}` : ''}
                        {q.allowMultipleSelections ? '; several answers allowed' : ''})
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </div>
            ) : (
              <Text size="sm" c="dimmed">
                No custom questions.
              </Text>
            )}
            {uq.customUpload?.publicUrl && (
              <Text size="sm">
                Uploaded questionnaire:{' '}
                <Anchor href={uq.customUpload.publicUrl} target="_blank" rel="noopener">
                  {uq.customUpload.fileName || 'Download'}
                </Anchor>
              </Text>
            )}
            {uq.additionalComments && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                <Text span size="sm" c="dimmed">
                  Additional Comments:
                </Text>{' '}
                {uq.additionalComments}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
