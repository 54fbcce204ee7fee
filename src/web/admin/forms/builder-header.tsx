import { Anchor, Badge, Button, Group, Menu, Stack, Switch, TextInput, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconHistory, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface VersionInfo {
  _id: string;
  version: number;
  publishedAt: string;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The builder's title bar: the editable name, state badges, versions, Save draft and Publish. */
export function BuilderHeader(props: {
  name: string;
  onRename: (name: string) => void;
  isActive: boolean;
  onActiveChange: (isActive: boolean) => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  publishing: boolean;
  onPublish: () => void;
  latestVersion: VersionInfo | null;
  versions: readonly VersionInfo[];
}) {
  const { latestVersion } = props;
  return (
    <Stack gap="xs">
      <Anchor component={Link} to="/admin/forms" size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} /> All forms
        </Group>
      </Anchor>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Form name"
          value={props.name}
          onChange={(e) => props.onRename(e.currentTarget.value)}
          variant="unstyled"
          size="xl"
          styles={{ input: { fontWeight: 800, fontSize: 'var(--mantine-h2-font-size)' } }}
          style={{ flex: '1 1 280px', minWidth: 0 }}
          placeholder="Form name"
        />
        <Group gap="xs" wrap="wrap">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="subtle" color="gray" size="sm" leftSection={<IconHistory size={16} />}>
                {latestVersion ? `Version ${latestVersion.version}` : 'Not published'}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Published versions</Menu.Label>
              {props.versions.length === 0 && <Menu.Item disabled>None yet</Menu.Item>}
              {props.versions.map((v) => (
                <Menu.Item key={v._id} disabled>
                  Version {v.version} · {when(v.publishedAt)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Tooltip label={props.dirty ? 'Save with Ctrl+S' : 'Everything is saved'}>
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={props.onSave}
              loading={props.saving}
              disabled={!props.dirty}
            >
              Save draft
            </Button>
          </Tooltip>
          <Button leftSection={<IconUpload size={16} />} onClick={props.onPublish} loading={props.publishing}>
            Publish
          </Button>
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap" aria-live="polite">
        {props.dirty ? (
          <Badge color="yellow" variant="light" data-testid="save-state">
            Unsaved changes
          </Badge>
        ) : (
          <Badge color="gray" variant="light" data-testid="save-state">
            All changes saved
          </Badge>
        )}
        {latestVersion ? (
          <Badge color="green" variant="light" data-testid="published-version">
            Published v{latestVersion.version}
          </Badge>
        ) : (
          <Badge color="gray" variant="outline" data-testid="published-version">
            Draft only
          </Badge>
        )}
        <Switch
          size="sm"
          label={props.isActive ? 'Active' : 'Inactive'}
          checked={props.isActive}
          onChange={(e) => props.onActiveChange(e.currentTarget.checked)}
        />
      </Group>
    </Stack>
  );
}
