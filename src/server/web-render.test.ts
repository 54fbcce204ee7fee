import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PublicBrand } from '../web/app/brand.js';
import { SERVER_RENDERED_PAGES, serverRender } from './web-render.js';

// The app's /api stand-in: answers with what it was sent, so the test sees what the render passed on.
const app = Fastify();
app.post('/api', async (req) => ({
  data: {
    cookie: req.headers.cookie,
    host: req.headers.host,
    encoding: req.headers['accept-encoding'] ?? null,
    body: req.body,
  },
}));
afterAll(() => app.close());

const brand = { name: 'Sunny' } as PublicBrand;
const request = (url: string) =>
  ({
    url,
    headers: {
      host: 'sb1.example.test',
      cookie: 'sid=s1; orderId=o1',
      'accept-encoding': 'br',
      'content-length': '0',
    },
  }) as unknown as FastifyRequest;
const log = () => ({ error: vi.fn() }) as never;

describe('the server render of the first pages', () => {
  it('renders only the listed pages', async () => {
    const renderPage = vi.fn();
    expect(
      await serverRender({ renderPage } as never, app, request('/admin/orders'), brand, log()),
    ).toBeNull();
    expect(await serverRender(null, app, request('/industry'), brand, log())).toBeNull();
    expect(renderPage).not.toHaveBeenCalled();
    expect([...SERVER_RENDERED_PAGES]).toEqual(['/industry', '/login', '/register', '/account/dashboard']);
  });

  it('renders the dashboard only for a visitor with a session', async () => {
    const renderPage = vi.fn(async () => ({ head: '', html: '<main>Dashboard</main>', apolloState: {} }));
    expect(
      await serverRender({ renderPage } as never, app, request('/account/dashboard'), brand, log()),
    ).toBeNull();
    expect(renderPage).not.toHaveBeenCalled();
    const withSession = Object.assign(request('/account/dashboard'), { cookies: { sid: 's1' } });
    expect(await serverRender({ renderPage } as never, app, withSession, brand, log())).not.toBeNull();
  });

  it("gives the render the visitor's URL, brand and cookies, and runs its GraphQL as the visitor", async () => {
    const renderPage = vi.fn(async (input: Parameters<typeof import('../web/ssr.js').renderPage>[0]) => {
      const answer = await input.graphql({ query: '{ x }', variables: { a: 1 }, operationName: undefined });
      return {
        head: '',
        html: JSON.stringify({ url: input.url, cookie: input.cookieHeader, answer }),
        apolloState: {},
      };
    });
    const page = await serverRender(
      { renderPage } as never,
      app,
      request('/login/?redirect=%2Fx'),
      brand,
      log(),
    );
    const seen = JSON.parse(page!.html);
    expect(seen.url).toBe('http://localhost/login/?redirect=%2Fx');
    expect(seen.cookie).toBe('sid=s1; orderId=o1');
    expect(renderPage.mock.calls[0]![0].brand).toBe(brand);
    // The request's cookies and host go with the call (the session and the brand); its encoding does not.
    expect(seen.answer.data).toEqual({
      cookie: 'sid=s1; orderId=o1',
      host: 'sb1.example.test',
      encoding: null,
      body: { query: '{ x }', variables: { a: 1 } },
    });
  });

  it('sends the page for the browser to render when the render fails, and logs why', async () => {
    const failing = { renderPage: async () => Promise.reject(new Error('boom')) };
    const logger = log() as { error: ReturnType<typeof vi.fn> };
    expect(
      await serverRender(failing as never, app, request('/industry'), brand, logger as never),
    ).toBeNull();
    expect(logger.error).toHaveBeenCalledOnce();
  });
});
