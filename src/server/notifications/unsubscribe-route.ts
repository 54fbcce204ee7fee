import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { unsubscribe } from './unsubscribe.js';

/**
 * POST /unsubscribe/{token}: the one-click unsubscribe a mail client sends for the List-Unsubscribe
 * header (RFC 8058: a form body `List-Unsubscribe=One-Click`, no cookies, no login). A person who opens
 * the link gets the page at GET /unsubscribe/{token} instead, which asks before it unsubscribes.
 */
export async function registerUnsubscribeRoute(app: FastifyInstance, deps: { db: Db; config: Config }) {
  await app.register(async (scope) => {
    // Form bodies are read here only: nothing else in the app takes them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post('/unsubscribe/:token', async (req, reply) => {
      const { token } = req.params as { token: string };
      try {
        const done = await unsubscribe(deps.db, deps.config.appSecret, token);
        return reply
          .type('text/plain; charset=utf-8')
          .send(`Unsubscribed ${done.email ?? 'this address'} from ${done.label}.`);
      } catch (err) {
        if (err instanceof AppError)
          return reply.code(400).type('text/plain; charset=utf-8').send(err.message);
        throw err;
      }
    });
  });
}
