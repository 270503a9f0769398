import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(label = 'bestie'): string {
  counter += 1;
  const nonce = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${label}-${nonce}@example.com`;
}

export const PASSWORD = 'sparkle-123';

/** Creates an account through the API; the page's context keeps the session cookie. */
export async function signUpViaApi(page: Page, email = uniqueEmail()): Promise<string> {
  const answer = await page.request.post('/api/register', { data: { email, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  return email;
}

export async function fillLogIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

export async function fillSignUp(
  page: Page,
  email: string,
  password: string,
  confirm = password,
): Promise<void> {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password').fill(confirm);
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

/** The toast area; only one toast shows at a time. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /notifications/i });
}
