import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@demo.test', password: 'demo-admin-pass', name: 'Avery Admin' },
  customer: { email: 'customer@demo.test', password: 'demo-customer-pass', name: 'Casey Customer' },
};

export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Calls the GraphQL API directly (for setup and for reading the admin outbox). */
export async function gql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post('/api', {
    data: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const data = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: DEMO.admin.email, p: DEMO.admin.password },
  );
  return data.login.token;
}
