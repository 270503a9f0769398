import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

test('the chat celebrates an upgrade once, then drops success and plan from the address', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page);
  await page.goto('/chat/cassie?success=true&plan=bestie-month');
  const celebration = page.getByRole('status').filter({ hasText: 'Bestie Upgrade Complete!' });
  await expect(celebration).toBeVisible();
  await expect(celebration.getByText("You're now a Bestie for the Month!")).toBeVisible();
  await expect(page).not.toHaveURL(/success=|plan=/);
  await page.screenshot({
    path: `test-results/screenshots/celebration-${testInfo.project.name}.png`,
  });

  await celebration.getByRole('button', { name: 'Close' }).click();
  await expect(celebration).toBeHidden();
  await page.reload();
  await expect(page.getByRole('textbox')).toBeVisible();
  await expect(page.getByText('Bestie Upgrade Complete!')).toBeHidden();
});

test('the developer page previews the success message for the chosen plan', async ({ page }) => {
  await page.goto('/test-success');
  await page.getByRole('button', { name: 'Bestie for Life' }).click();
  await page.getByRole('button', { name: 'Show success message' }).click();
  await expect(page.getByText("You're now a Bestie for Life!")).toBeVisible();
  await expect(page.getByRole('link', { name: /success=true/ })).toHaveAttribute(
    'href',
    '/chat/cassie?success=true&plan=bestie-month',
  );
});
