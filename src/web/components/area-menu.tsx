import { Button, Drawer, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/**
 * An area's menu (the account's, the admin's): beside the page from tablets up; on phones a button that
 * opens it as a drawer, so the page the visitor opened is what they see first. Place it in the area's
 * first grid column (span 12 on phones, where it holds only the button).
 *
 * The drawer enters the page when the button is first pointed at, pressed or focused (a tap and a click
 * do all three before they open it, a keyboard focuses first): a closed drawer costs a portal, its
 * focus trap and scroll lock on every page of the area, which the dashboard's start paid for.
 */
export function AreaMenu({
  name,
  toggleLabel,
  heading = false,
  toggleMargin,
  drawerId,
  children,
}: {
  /** The menu's name: its navigation landmark's and the drawer's title. */
  name: string;
  /** The phone's button text. */
  toggleLabel: string;
  /** The name stands as a small heading over the menu beside the page. */
  heading?: boolean;
  /** The button's left margin (a Mantine spacing), where the area's page has no side padding on phones. */
  toggleMargin?: string;
  drawerId?: string;
  /** The links; `onNavigate` closes the drawer (undefined beside the page). */
  children: (onNavigate?: () => void) => ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawer, setDrawer] = useState(false);
  const mountDrawer = () => setDrawer(true);
  return (
    <>
      <Button
        hiddenFrom="md"
        ml={toggleMargin}
        variant="default"
        leftSection={<IconMenu2 size={18} aria-hidden />}
        onPointerEnter={mountDrawer}
        onPointerDown={mountDrawer}
        onFocus={mountDrawer}
        onClick={() => {
          mountDrawer();
          toggle();
        }}
        aria-expanded={opened}
        // The drawer is a modal dialog that takes the focus; Mantine renders nothing with the drawer's id
        // (it only prefixes its title and body ids), so aria-controls would point nowhere.
        aria-haspopup="dialog"
      >
        {toggleLabel}
      </Button>
      {drawer && (
        <Drawer
          id={drawerId}
          opened={opened}
          onClose={close}
          title={
            <Text fw={700} size="lg">
              {name}
            </Text>
          }
          size="xs"
          hiddenFrom="md"
        >
          <nav aria-label={name}>{children(close)}</nav>
        </Drawer>
      )}
      <Paper withBorder p="xs" component="nav" aria-label={name} visibleFrom="md">
        {heading && (
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
            {name}
          </Text>
        )}
        {children()}
      </Paper>
    </>
  );
}
