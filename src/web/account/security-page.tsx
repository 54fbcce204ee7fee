import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { describeUserAgent, formatDateTimeUs } from '../../domain';
import { errorMessage, notifySuccess } from '../app/apollo';
import { Page } from '../components/page';
import { Section } from '../components/section';
import { createPasskey, passkeyCancelled, passkeysSupported } from './passkey-browser';
import {
  ACCOUNT_SECURITY,
  BEGIN_PASSKEY_REGISTRATION,
  BEGIN_TOTP_SETUP,
  CONFIRM_TOTP_SETUP,
  DISABLE_TOTP,
  FINISH_PASSKEY_REGISTRATION,
  REGENERATE_RECOVERY_CODES,
  REMOVE_PASSKEY,
  RENAME_PASSKEY,
  SET_TEAM_REQUIRES_TWO_FACTOR,
  SIGN_OUT_OTHER_SESSIONS,
  SIGN_OUT_SESSION,
} from './security-documents';
import {
  MSG_PASSKEYS_INTRO,
  MSG_PASSKEYS_UNSUPPORTED,
  MSG_RECOVERY_SHOWN_ONCE,
  MSG_SETUP_REQUIRED,
  MSG_SIGN_OUT_OTHERS_OFFER,
  MSG_TOTP_INTRO,
} from './security-messages';

const refetch = { refetchQueries: ['AccountSecurity'], awaitRefetchQueries: true };

/** The key in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * After a second factor was added (or the password changed): the other sessions are still signed in
 * with what they had; offer to sign them out.
 */
function SignOutOthersOffer({ othersSignedIn }: { othersSignedIn: number }) {
  const [signOutOthers, { loading }] = useMutation(SIGN_OUT_OTHER_SESSIONS, refetch);
  const [offered, setOffered] = useState(othersSignedIn > 0);
  if (!offered) return null;
  return (
    <Alert color="blue" title="Signed in elsewhere" data-testid="sign-out-offer">
      <Stack gap="xs">
        <Text size="sm">{MSG_SIGN_OUT_OTHERS_OFFER}</Text>
        <Group>
          <Button
            size="xs"
            loading={loading}
            onClick={async () => {
              const { data } = await signOutOthers();
              setOffered(false);
              notifySuccess(`Signed out ${data?.signOutOtherSessions ?? 0} other session(s).`);
            }}
          >
            Sign Out Everywhere Else
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setOffered(false)}>
            Not Now
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The recovery codes, once: a warning, the codes, Copy and Download. */
function RecoveryCodesModal({
  codes,
  othersSignedIn,
  onClose,
}: {
  codes: string[];
  othersSignedIn: number;
  onClose: () => void;
}) {
  const text = codes.join('\n');
  return (
    <Modal opened onClose={onClose} title="Your recovery codes" size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="yellow" title="Shown only once" data-testid="recovery-warning">
          {MSG_RECOVERY_SHOWN_ONCE}
        </Alert>
        <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
          {codes.map((c) => (
            <Code key={c} fz="md" ta="center">
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            variant="default"
            component="a"
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
            download="recovery-codes.txt"
          >
            Download
          </Button>
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>I Saved Them</Button>
        </Group>
        <SignOutOthersOffer othersSignedIn={othersSignedIn} />
      </Stack>
    </Modal>
  );
}

/** Setting up: QR code and key, then the first code confirms. */
function TotpSetup({ onDone }: { onDone: (codes: string[]) => void }) {
  const [begin, begun] = useMutation(BEGIN_TOTP_SETUP);
  const [confirm, confirming] = useMutation(CONFIRM_TOTP_SETUP, refetch);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = begun.data?.beginTotpSetup;

  if (!setup) {
    return (
      <Group>
        <Button onClick={() => begin().catch((err) => setError(errorMessage(err)))} loading={begun.loading}>
          Set Up Authenticator App
        </Button>
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
      </Group>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { data } = await confirm({ variables: { code } });
      if (data) onDone(data.confirmTotpSetup);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack gap="md" data-testid="totp-setup">
      <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
      <Image
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code for your authenticator app"
        w={200}
        h={200}
        bg="white"
      />
      <Text size="sm">Can't scan it? Enter this key in the app instead:</Text>
      <Code fz="md" data-testid="totp-secret" style={{ overflowWrap: 'anywhere' }}>
        {grouped(setup.secret)}
      </Code>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="2. Enter the 6-digit code the app shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            maw={260}
          />
          <Group>
            <Button type="submit" loading={confirming.loading}>
              Turn On
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Asks the password again before turning off or making new codes. */
function PasswordAction({
  label,
  color,
  size,
  ariaLabel,
  onConfirm,
}: {
  label: string;
  color?: string;
  size?: string;
  ariaLabel?: string;
  onConfirm: (password: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
      setOpen(false);
      setPassword('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="default"
        color={color}
        size={size}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" color={color} loading={busy}>
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function TwoFactorSection({
  enabled,
  codesLeft,
  othersSignedIn,
  onCodesSaved,
}: {
  enabled: boolean;
  codesLeft: number;
  othersSignedIn: number;
  /** After the recovery codes of a first setup were put away. */
  onCodesSaved?: () => void;
}) {
  const [codes, setCodes] = useState<{ codes: string[]; offer: number } | null>(null);
  const [disable] = useMutation(DISABLE_TOTP, refetch);
  const [regenerate] = useMutation(REGENERATE_RECOVERY_CODES, refetch);
  return (
    <Section title="Two-Factor Sign-In">
      <Text size="sm">{MSG_TOTP_INTRO}</Text>
      {enabled ? (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light" data-testid="totp-status">
              On
            </Badge>
            <Text size="sm">Authenticator app</Text>
          </Group>
          <Text size="sm" c={codesLeft <= 2 ? 'red' : undefined} data-testid="recovery-left">
            {codesLeft} of 10 recovery codes left.
          </Text>
          <Group>
            <PasswordAction
              label="New Recovery Codes"
              onConfirm={async (password) => {
                const { data } = await regenerate({ variables: { password } });
                if (data) setCodes({ codes: data.regenerateRecoveryCodes, offer: 0 });
              }}
            />
            <PasswordAction
              label="Turn Off"
              color="red"
              onConfirm={async (password) => {
                await disable({ variables: { password } });
                notifySuccess('Two-factor sign-in is off.');
              }}
            />
          </Group>
        </>
      ) : (
        <>
          <Group gap="xs">
            <Badge color="gray" variant="light" data-testid="totp-status">
              Off
            </Badge>
            <Text size="sm">Authenticator app</Text>
          </Group>
          <TotpSetup onDone={(c) => setCodes({ codes: c, offer: othersSignedIn })} />
        </>
      )}
      {codes && (
        <RecoveryCodesModal
          codes={codes.codes}
          othersSignedIn={codes.offer}
          onClose={() => {
            setCodes(null);
            onCodesSaved?.();
          }}
        />
      )}
    </Section>
  );
}

type PasskeyRow = {
  id: string;
  name: string;
  rpId: string;
  kind?: string | null;
  synced: boolean;
  createdAt: string;
  lastUsedAt?: string | null;
};

/** Renames a passkey in a small modal. */
function RenamePasskey({ passkey }: { passkey: PasskeyRow }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, { loading }] = useMutation(RENAME_PASSKEY, refetch);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await rename({ variables: { id: passkey.id, name } });
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen(true)} aria-label={`Rename ${passkey.name}`}>
        Rename
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Rename Passkey">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={loading}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** Adds a passkey: a name (the device by default), then the browser's own dialog. */
function AddPasskey({ onAdded }: { onAdded: (recoveryCodes: string[] | null) => void }) {
  const [name, setName] = useState(() =>
    typeof navigator === 'undefined' ? 'Passkey' : describeUserAgent(navigator.userAgent),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [begin] = useMutation(BEGIN_PASSKEY_REGISTRATION);
  const [finish] = useMutation(FINISH_PASSKEY_REGISTRATION, refetch);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data } = await begin();
      if (!data) return;
      const response = await createPasskey(data.beginPasskeyRegistration);
      const done = await finish({ variables: { name, response } });
      notifySuccess(`Passkey "${name.trim()}" added.`);
      setName(describeUserAgent(navigator.userAgent));
      onAdded(done.data?.finishPasskeyRegistration.recoveryCodes ?? null);
    } catch (err) {
      if (!passkeyCancelled(err)) setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Name for the new passkey"
          description="So you can tell your passkeys apart: the device or key it lives on."
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          w={{ base: '100%', xs: 320 }}
        />
        <Button type="submit" loading={busy}>
          Add a Passkey
        </Button>
      </Group>
    </form>
  );
}

function PasskeysSection({
  passkeys,
  totpEnabled,
  codesLeft,
  othersSignedIn,
  onCodesSaved,
}: {
  passkeys: PasskeyRow[];
  totpEnabled: boolean;
  codesLeft: number;
  othersSignedIn: number;
  onCodesSaved?: () => void;
}) {
  const [removePasskey] = useMutation(REMOVE_PASSKEY, refetch);
  const [regenerate] = useMutation(REGENERATE_RECOVERY_CODES, refetch);
  const [codes, setCodes] = useState<{ codes: string[]; offer: number } | null>(null);
  /** After a passkey was added that needed no new codes: the offer to sign out the rest. */
  const [offer, setOffer] = useState(0);
  const supported = passkeysSupported();
  const here = typeof window === 'undefined' ? '' : window.location.hostname;
  return (
    <Section title="Passkeys">
      <Text size="sm">{MSG_PASSKEYS_INTRO}</Text>
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-passkeys">
          No passkeys yet.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="passkeys">
          {passkeys.map((p) => (
            <Paper key={p.id} withBorder p="sm" data-testid="passkey">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {p.name}
                    </Text>
                    {p.kind && (
                      <Badge variant="light" color="gray">
                        {p.kind === 'platform' ? 'Built-in' : 'Security key'}
                      </Badge>
                    )}
                    {p.synced && (
                      <Badge variant="light" color="blue">
                        Synced
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    Added {formatDateTimeUs(p.createdAt)} ·{' '}
                    {p.lastUsedAt ? `last used ${formatDateTimeUs(p.lastUsedAt)}` : 'not used yet'}
                    {p.rpId !== here ? ` · works on ${p.rpId}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <RenamePasskey passkey={p} />
                  <PasswordAction
                    label="Remove"
                    color="red"
                    size="xs"
                    ariaLabel={`Remove ${p.name}`}
                    onConfirm={async (password) => {
                      await removePasskey({ variables: { id: p.id, password } });
                      notifySuccess(`Passkey "${p.name}" removed.`);
                    }}
                  />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {!totpEnabled && passkeys.length > 0 && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c={codesLeft <= 2 ? 'red' : undefined} data-testid="passkey-recovery-left">
            {codesLeft} of 10 recovery codes left.
          </Text>
          <PasswordAction
            label="New Recovery Codes"
            size="xs"
            onConfirm={async (password) => {
              const { data } = await regenerate({ variables: { password } });
              if (data) setCodes({ codes: data.regenerateRecoveryCodes, offer: 0 });
            }}
          />
        </Group>
      )}
      {supported ? (
        <AddPasskey
          onAdded={(recovery) => {
            if (recovery) setCodes({ codes: recovery, offer: othersSignedIn });
            else setOffer(othersSignedIn);
          }}
        />
      ) : (
        <Alert color="gray">{MSG_PASSKEYS_UNSUPPORTED}</Alert>
      )}
      {offer > 0 && <SignOutOthersOffer key={offer} othersSignedIn={offer} />}
      {codes && (
        <RecoveryCodesModal
          codes={codes.codes}
          othersSignedIn={codes.offer}
          onClose={() => {
            setCodes(null);
            onCodesSaved?.();
          }}
        />
      )}
    </Section>
  );
}

type SessionRow = {
  id: string;
  device: string;
  ip?: string | null;
  kind: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const [signOut] = useMutation(SIGN_OUT_SESSION, refetch);
  const [signOutOthers, others] = useMutation(SIGN_OUT_OTHER_SESSIONS, refetch);
  const [error, setError] = useState<string | null>(null);
  const hasOthers = sessions.some((s) => !s.current);
  return (
    <Section title="Where You're Signed In">
      <Text size="sm">
        Browsers and API logins using your account. Sign out any you do not recognise; it stops working at its
        next request. Times are UTC.
      </Text>
      {error && <Alert color="red">{error}</Alert>}
      <Stack gap="xs" data-testid="sessions">
        {sessions.map((s) => (
          <Paper key={s.id} withBorder p="sm" data-testid="session">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{s.device}</Text>
                  {s.kind === 'api' && (
                    <Badge variant="light" color="grape">
                      API login
                    </Badge>
                  )}
                  {s.current && (
                    <Badge variant="light" color="green">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  Signed in {formatDateTimeUs(s.createdAt)} · last seen {formatDateTimeUs(s.lastSeenAt)}
                  {s.ip ? ` · ${s.ip}` : ''}
                </Text>
              </Stack>
              {!s.current && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Sign out ${s.device}`}
                  onClick={() =>
                    signOut({ variables: { id: s.id } }).catch((err) => setError(errorMessage(err)))
                  }
                >
                  Sign Out
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {hasOthers && (
        <Group>
          <Button
            variant="default"
            color="red"
            loading={others.loading}
            onClick={async () => {
              const { data } = await signOutOthers();
              notifySuccess(`Signed out ${data?.signOutOtherSessions ?? 0} other session(s).`);
            }}
          >
            Sign Out Everywhere Else
          </Button>
        </Group>
      )}
    </Section>
  );
}

/** The owner's team setting; it can be turned on once the owner's own second factor is. */
function TeamRequirement({ required, ownOn }: { required: boolean; ownOn: boolean }) {
  const [set, { loading }] = useMutation(SET_TEAM_REQUIRES_TWO_FACTOR, refetch);
  const [error, setError] = useState<string | null>(null);
  return (
    <Section title="Team Requirement">
      <Switch
        label="Require two-factor sign-in for everyone on the team"
        description="Members without it are led through the setup at their next request and can do nothing else until it is on."
        checked={required}
        disabled={loading || (!required && !ownOn)}
        onChange={(e) =>
          set({ variables: { required: e.currentTarget.checked } }).catch((err) =>
            setError(errorMessage(err)),
          )
        }
        error={error}
      />
      {!ownOn && !required && (
        <Text size="sm" c="dimmed">
          Turn on two-factor sign-in for your own login first.
        </Text>
      )}
    </Section>
  );
}

/** /account/security: two-factor sign-in and the signed-in sessions of the login itself. */
export function SecurityPage() {
  const { data, loading, error } = useQuery(ACCOUNT_SECURITY, { fetchPolicy: 'cache-and-network' });
  const security = data?.accountSecurity;
  return (
    <Page title="Security">
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {!security && loading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {security?.setupRequired && !security.totpEnabled && security.passkeys.length === 0 && (
        <Alert color="orange" title="Two-factor sign-in required" data-testid="setup-required">
          {MSG_SETUP_REQUIRED[security.setupRequired as keyof typeof MSG_SETUP_REQUIRED] ??
            MSG_SETUP_REQUIRED.team}
        </Alert>
      )}
      {security && (
        <>
          <TwoFactorSection
            enabled={security.totpEnabled}
            codesLeft={security.recoveryCodesLeft}
            othersSignedIn={security.sessions.filter((s) => !s.current).length}
            // A login held until it set this up goes on where it was headed, with its rights read again.
            onCodesSaved={
              security.setupRequired
                ? () => window.location.assign(security.setupRequired === 'admin' ? '/admin' : '/account')
                : undefined
            }
          />
          <PasskeysSection
            passkeys={security.passkeys}
            totpEnabled={security.totpEnabled}
            codesLeft={security.recoveryCodesLeft}
            othersSignedIn={security.sessions.filter((s) => !s.current).length}
            onCodesSaved={
              security.setupRequired
                ? () => window.location.assign(security.setupRequired === 'admin' ? '/admin' : '/account')
                : undefined
            }
          />
          {security.mayRequireForTeam && (
            <TeamRequirement
              required={security.teamRequiresTwoFactor}
              ownOn={security.totpEnabled || security.passkeys.length > 0}
            />
          )}
          <SessionsSection sessions={security.sessions} />
        </>
      )}
    </Page>
  );
}
