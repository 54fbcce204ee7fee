import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';

/** Previous / Next under a section of an evaluation being filled in; off at the first and last section. */
export function SectionPager({
  index,
  count,
  onPrevious,
  onNext,
}: {
  index: number;
  count: number;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <Group justify="space-between">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        onClick={onPrevious}
        disabled={index === 0}
      >
        Previous
      </Button>
      <Button
        variant="light"
        rightSection={<IconArrowRight size={16} />}
        onClick={onNext}
        disabled={index === count - 1}
      >
        Next
      </Button>
    </Group>
  );
}
