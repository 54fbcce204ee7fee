import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { safeFileName } from '../../domain';
import { errorMessage, notifyError } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { SURVEY_LINK } from './survey-documents';
import { MSG_SURVEY_NOT_FOUND, surveyUrl } from './survey-link';

/** The QR code of the spec: 300 px, high error correction, black on white; downloads at double scale. */
const QR_SIZE = 300;
const qrOptions = (width: number) =>
  ({
    errorCorrectionLevel: 'H',
    width,
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  }) as const;

/** Saves the survey link as a 600 px PNG named after the program. */
async function downloadPng(link: string, programName: string) {
  const url = await QRCode.toDataURL(link, { ...qrOptions(QR_SIZE * 2), type: 'image/png' });
  const a = document.createElement('a');
  a.href = url;
  a.download = `${safeFileName(programName)}.png`;
  document.body.append(a);
  a.click();
  a.remove();
}

function QrCode({ link, programName }: { link: string; programName: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) QRCode.toCanvas(canvas.current, link, qrOptions(QR_SIZE)).catch(notifyError);
  }, [link]);
  return (
    <UnstyledButton
      onClick={() => void downloadPng(link, programName).catch(notifyError)}
      aria-label="Download the QR code as a PNG"
      title="Download PNG"
      style={{ lineHeight: 0, border: '1px solid var(--mantine-color-gray-3)', display: 'inline-block' }}
      data-testid="qr-code"
    >
      {/* The library sizes the canvas itself: 300 CSS px. */}
      <canvas ref={canvas} width={QR_SIZE} height={QR_SIZE} />
    </UnstyledButton>
  );
}

/**
 * /account/reports/qr/:programId/:surveyCode/:clientId? (account-and-reporting, QR page): the program,
 * its address and survey link, and the link's QR code; clicking the code downloads it as a PNG. Read
 * through the account (a manager's only at their locations, else Not Authorized), not the public link.
 */
export function QrPage() {
  const { programId = '', surveyCode = '', clientId } = useParams();
  const { data, loading, error } = useQuery(SURVEY_LINK, {
    variables: { programId, code: surveyCode, clientId: clientId ?? null },
  });
  const survey = data?.surveyQrPage;
  usePageTitle(survey ? `${survey.programName} QR Code` : 'QR Code');
  if (loading && !data) return <PageLoader />;
  if (error || !survey) {
    return (
      <Alert color="red" role="alert" title="QR code not available">
        {error ? errorMessage(error) : MSG_SURVEY_NOT_FOUND}
      </Alert>
    );
  }
  const link = surveyUrl(survey.surveyCode);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h2">
          {survey.programName}
        </Title>
        <Text fw={600}>{survey.locationName}</Text>
        <Text size="sm" c="dimmed">
          {survey.address}
        </Text>
        <Anchor href={link} target="_blank" style={{ overflowWrap: 'anywhere' }} data-testid="survey-link">
          {link}
        </Anchor>
        <Text size="sm" mt="sm">
          Click the image below to download a PNG of the QR code. This code can be used on printed materials
          to direct customers to your survey link.
        </Text>
        <QrCode link={link} programName={survey.programName} />
      </Stack>
    </Paper>
  );
}
