import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { capabilityLink } from '../../domain/index.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { identifyRequest } from '../request-identity.js';
import { findSurvey } from './surveys.js';

/** The QR code of the spec: 300 px, high error correction, black on white. */
export const QR_OPTIONS = {
  errorCorrectionLevel: 'H',
  width: 300,
  margin: 2,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

export const surveyUrl = (origin: string, code: string) => capabilityLink(origin, 'survey', { secret: code });

/** The QR route's path parameter (the OpenAPI document is made from it); an unknown code is a 404. */
export const ZSurveyQrParams = z.object({
  code: z.string().meta({ description: "The survey link's code, as in /survey/{code}." }),
});

/** GET /survey/{code}/qr.png: the survey link as a QR code PNG (used in the confirmation e-mail). */
export async function registerSurveyRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  app.get('/survey/:code/qr.png', async (req, reply) => {
    const { code } = ZSurveyQrParams.parse(req.params);
    const survey = await findSurvey(deps.db, code);
    if (!survey) return reply.code(404).type('text/plain').send('Survey not found.');
    const { origin } = await identifyRequest(deps.db, deps.config, req);
    const png = await QRCode.toBuffer(surveyUrl(origin, survey.surveyCode), { ...QR_OPTIONS, type: 'png' });
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
  });
}
