/**
 * Identity verification end to end, in Chromium at 390×844 with a fake camera: a new user
 * fills the five steps, uploads both sides of a document, captures their face after the
 * 3 s countdown, submits, and lands on /kyc/log as pending with the images; an admin
 * approves through the API; after a reload the drawer shows Verified and the form is no
 * longer offered.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, registerUser, signIn, uploadPassport, apiLogin } from './support';

// The fake camera only for this file: Playwright replaces launch options as a whole, so
// the project's own are repeated here.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

/** Whether an <img> has loaded real pixels. */
function loaded(page: Page, alt: string) {
  return page
    .getByRole('img', { name: alt, exact: true })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

test('five steps with a face scan, pending with the images, approved, then verified', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await registerUser(request, 'Katherine Johnson');
  await signIn(page, user);

  const drawer = await openDrawer(page);
  await drawer.getByRole('link', { name: 'Verify Now' }).click();
  await expect(page).toHaveURL('/kyc/submit-form');

  // Step 1: Next refuses empty fields with the spec's texts; Back is not offered.
  await expect(page.getByRole('heading', { name: 'Personal Info' })).toBeVisible();
  // (The header's own back button is outside the form.)
  const form = page.locator('form');
  await expect(form.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Date of Birth is required')).toBeVisible();
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByLabel('Date of Birth').fill('2999-01-01');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Date of Birth cannot be in the future')).toBeVisible();
  await page.getByLabel('Date of Birth').fill('1990-08-26');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2.
  await expect(page.getByRole('heading', { name: 'Address' })).toBeVisible();
  await page.getByLabel('Street address').fill('Hauptstraße 5');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('State/Province').fill('Berlin');
  await page.getByLabel('Postal Code').fill('10115');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Country is required')).toBeVisible();
  await page.getByLabel('Country').selectOption('DE');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3.
  await expect(page.getByRole('heading', { name: 'Income' })).toBeVisible();
  await page.getByLabel('Employment status').selectOption('Employed');
  await page.getByLabel('Annual income').fill('-5');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Annual income cannot be negative')).toBeVisible();
  await page.getByLabel('Annual income').fill('52000');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: both sides, uploaded with their progress.
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Front ID image is required')).toBeVisible();
  await expect(page.getByText('Back ID image is required')).toBeVisible();
  await uploadPassport(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: submitting without the face scan is refused.
  await expect(page.getByRole('heading', { name: 'Face Scan' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit KYC' }).click();
  await expect(
    page.getByText('Please complete the face scan before submitting.').first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Start Camera' }).click();
  const capture = page.getByRole('button', { name: 'Capture Face' });
  await expect(capture).toBeEnabled({ timeout: 15_000 });
  await capture.click();
  await expect(page.getByRole('timer')).toHaveText('3');
  await expect(page.getByText('Face captured')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Retake' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit KYC' }).click();

  // Pending, with the details and both ID images.
  await expect(page).toHaveURL('/kyc/log');
  await expect(page.getByText('kyc request submitted!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'KYC Request Pending' })).toBeVisible();
  await expect(page.getByText('Katherine Johnson')).toBeVisible();
  await expect(page.getByText('52,000.00')).toBeVisible();
  await expect(page.getByText('Passport')).toBeVisible();
  await expect.poll(() => loaded(page, 'ID front')).toBe(true);
  await expect.poll(() => loaded(page, 'ID back')).toBe(true);

  // An admin approves it through the API.
  const userToken = await page.evaluate(() => localStorage.getItem('uToken'));
  const details = await request.get('/api/getKycDetails', {
    headers: { authorization: `Bearer ${userToken}` },
  });
  const { kyc } = (await details.json()) as { kyc: { _id: string; status: string } };
  expect(kyc.status).toBe('Pending');
  const adminToken = await apiLogin(request, ADMIN);
  const decided = await request.put(`/api/updateKyc/${kyc._id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { id: kyc._id, status: 'Completed' },
  });
  expect(decided.status()).toBe(200);

  await page.reload();
  await expect(page.getByText('Your account has been verified successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Katherine Johnson' })).toBeVisible();
  // The drawer opens from the logo of the main tabs.
  await page.goto('/');
  const verifiedDrawer = await openDrawer(page);
  await expect(verifiedDrawer.getByText('Verified', { exact: true })).toBeVisible();
  await expect(verifiedDrawer.getByRole('link', { name: 'Verify Now' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The form is no longer offered.
  await page.goto('/kyc/submit-form');
  await expect(page.getByText('Your account has been verified successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit KYC' })).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveCount(0);
});
