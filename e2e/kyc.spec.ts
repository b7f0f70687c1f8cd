// Identity verification on the real stack: a new member fills the whole form through the real
// controls (country selector, date inputs, selects), uploads real JPEG and PNG files, submits;
// the operator rejects one item with the CLI, the member corrects it and resubmits, the
// operator approves, and the Account page shows level 1 with a referral code. Then the form in
// Traditional and Simplified Chinese (labels, the national ID message, the upload refusal),
// and `/kyc?step=upload` for a member whose personal part is saved.
import { expect, test, type Locator, type Page } from './fixtures/test';
import enErrors from '../src/i18n/locales/en-US/errors.json' with { type: 'json' };
import enKyc from '../src/i18n/locales/en-US/kyc.json' with { type: 'json' };
import cnErrors from '../src/i18n/locales/zh-CN/errors.json' with { type: 'json' };
import cnKyc from '../src/i18n/locales/zh-CN/kyc.json' with { type: 'json' };
import twErrors from '../src/i18n/locales/zh-TW/errors.json' with { type: 'json' };
import twKyc from '../src/i18n/locales/zh-TW/kyc.json' with { type: 'json' };
import type { KycPersonal } from '../src/shared/api/kyc';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { pdfBytes, writeDocumentImages, type DocumentFiles } from './fixtures/images';
import { accessToken, loginInBrowser } from './fixtures/member';
import { ops, stack } from './fixtures/stack';

type Language = 'en-US' | 'zh-TW' | 'zh-CN';
const TEXT = {
  'en-US': { kyc: enKyc, errors: enErrors },
  'zh-TW': { kyc: twKyc, errors: twErrors },
  'zh-CN': { kyc: cnKyc, errors: cnErrors },
} as const;

const VALID_ID = 'A123456789';
const WRONG_ID = 'A123456788'; // the checksum digit is off by one
const DOCUMENTS = ['frontImage', 'backImage', 'selfieImage', 'secondIdImage'] as const;
/** An ID card valid for a few more years, whenever this runs. */
const EXPIRES = `${new Date().getUTCFullYear() + 5}-06-30`;

interface Applicant {
  /** typed into the country selectors: the start of Taiwan's name in the page's language */
  countryPrefix: string;
  surname: string;
  givenName: string;
  nationalId: string;
  placeOfBirth: string;
  address: string;
  jobTitle: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, name: string) => page.getByTestId(`kyc-field-${name}`);

async function typeDate(input: Locator, value: string) {
  await input.click();
  await input.pressSequentially(value);
  await expect(input).toHaveValue(value);
}

/** Types the start of a name in the country selector and picks the country from the list. */
async function chooseCountry(page: Page, name: string, prefix: string, code: string) {
  const input = field(page, name);
  await input.click();
  await input.pressSequentially(prefix);
  await page.getByTestId(`kyc-field-${name}-option-${code}`).click();
  await expect(input).toHaveAttribute('data-value', code);
}

/** Step 1 with a Taiwan ID card, every field through its own control. */
async function fillPersonal(page: Page, applicant: Applicant) {
  await field(page, 'idType').selectOption('id_card');
  await field(page, 'nationalIdNumber').fill(applicant.nationalId);
  await field(page, 'surname').fill(applicant.surname);
  await field(page, 'givenName').fill(applicant.givenName);
  await typeDate(field(page, 'issueDate'), '2020-01-15');
  await field(page, 'issueType').selectOption('initial');
  // the places printed on Taiwan ID cards (loaded from the server): 63000 is Taipei City
  await field(page, 'issuePlace').selectOption('63000');
  await typeDate(field(page, 'expirationDate'), EXPIRES);
  await chooseCountry(page, 'nationality', applicant.countryPrefix, 'TW');
  await chooseCountry(page, 'countryOfResidence', applicant.countryPrefix, 'TW');
  await field(page, 'placeOfBirth').fill(applicant.placeOfBirth);
  await typeDate(field(page, 'dateOfBirth'), '1990-05-20');
  await field(page, 'residentialAddress').fill(applicant.address);
  await field(page, 'sameAddress').check();
  await expect(field(page, 'currentAddress')).toHaveValue(applicant.address);
  await field(page, 'jobTitle').fill(applicant.jobTitle);
  await field(page, 'accountPurpose').selectOption('investment');
}

async function expectStep(page: Page, step: 'personal' | 'documents' | 'review') {
  await expect(page.getByTestId('kyc-individual-form')).toHaveAttribute('data-step', step, {
    timeout: 20_000,
  });
}

/** The image inside `scope` has loaded and decoded (a real picture, not a broken one). */
async function expectDecodedImage(scope: Locator) {
  const image = scope.locator('img').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

async function uploadDocuments(page: Page, files: DocumentFiles) {
  for (const item of DOCUMENTS) {
    await page.getByTestId(`kyc-upload-${item}-input`).setInputFiles(files[item]);
    const drop = page.getByTestId(`kyc-upload-${item}`);
    await expect(drop).toHaveAttribute('data-state', 'uploaded', { timeout: 30_000 });
    await expectDecodedImage(drop);
  }
}

/**
 * Picks a file named `.png` whose bytes are a PDF: the server reads the content (415
 * kyc_file_type) and the drop shows the refusal in the page's language.
 */
async function expectNonImageRefused(page: Page, item: string, message: string) {
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/member/uploadImage') && response.status() === 415,
  );
  await page.getByTestId(`kyc-upload-${item}-input`).setInputFiles({
    name: 'id-front.png',
    mimeType: 'image/png',
    buffer: pdfBytes(),
  });
  await refused;
  const drop = page.getByTestId(`kyc-upload-${item}`);
  await expect(drop).toHaveAttribute('data-state', 'failed');
  await expect(drop.getByRole('alert')).toHaveText(message);
}

/** A registered member, logged in on `page`, the page in `language`. */
async function newMember(page: Page, label: string, language: Language = 'en-US') {
  const member = newIdentity(label);
  await registerViaApi(member);
  await loginInBrowser(page, member);
  if (language !== 'en-US') {
    // the nav bar's language selector: stored for the member, then the page reloads in it
    await page.getByTestId('language-select').first().selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  }
  return member;
}

test('the whole journey in English: submit, rejected item corrected, approved -> level 1', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = TEXT['en-US'];
  const member = await newMember(page, 'Kyc');
  const files = await writeDocumentImages(page, (name) => test.info().outputPath(name));
  const applicant: Applicant = {
    countryPrefix: 'tai',
    surname: 'Chen',
    givenName: 'Mei-Ling',
    nationalId: VALID_ID,
    placeOfBirth: 'Taipei, Taiwan',
    address: 'No. 7, Section 5, Xinyi Road, Taipei City 110',
    jobTitle: 'Software engineer',
  };

  await page.goto('/kyc');
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'pending');
  await expectStep(page, 'personal');
  await fillPersonal(page, applicant);
  await page.getByTestId('kyc-step-next').click();

  await expectStep(page, 'documents');
  await expect(page).toHaveURL(/[?&]step=upload\b/);
  await expect(page.getByTestId('kyc-stepper-personal')).toHaveAttribute('data-state', 'done');
  await uploadDocuments(page, files);
  await page.getByTestId('kyc-step-next').click();

  await expectStep(page, 'review');
  await expect(page.getByTestId('kyc-review-surname')).toHaveText(applicant.surname);
  await expect(page.getByTestId('kyc-review-nationalIdNumber')).toHaveText(VALID_ID);
  await expect(page.getByTestId('kyc-review-issueDate')).toHaveText('2020/01/15');
  await expect(page.getByTestId('kyc-review-nationality')).toHaveText('Taiwan');
  // the thumbnails are the stored files, fetched back from the server with the token
  for (const item of DOCUMENTS) await expectDecodedImage(page.getByTestId(`kyc-review-${item}`));
  // the declaration is required
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-review')).toContainText(
    t.kyc['validation.declarationRequired'],
  );
  await page.getByTestId('kyc-declaration').check();
  await page.getByTestId('kyc-submit').click();

  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'submitted', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('kyc-submitted')).toContainText(t.kyc['state.submitted.title']);

  // the operator rejects the surname
  const note = 'The surname does not match the ID card.';
  await ops('kyc', 'reject', member.email, '--items', 'surname', '--note', note);
  await page.reload();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'rejected');
  await expect(page.getByTestId('kyc-rejected')).toContainText(t.kyc['state.rejected.title']);
  await expect(page.getByTestId('kyc-review-note')).toContainText(note);
  // the form opens on the marked item, prefilled; only the surname is highlighted
  await expectStep(page, 'personal');
  const marked = page.getByTestId('kyc-rejected-item-surname');
  await expect(marked).toBeVisible();
  await expect(marked.getByTestId('kyc-field-surname')).toHaveValue(applicant.surname);
  await expect(page.locator('[data-marked="true"]')).toHaveCount(1);
  await expect(field(page, 'nationalIdNumber')).toHaveValue(VALID_ID);
  await expect(field(page, 'nationality')).toHaveAttribute('data-value', 'TW');

  await field(page, 'surname').fill('Chan');
  await page.getByTestId('kyc-step-next').click();
  await expectStep(page, 'documents');
  // the saved documents come back as they were
  for (const item of DOCUMENTS) {
    await expect(page.getByTestId(`kyc-upload-${item}`)).toHaveAttribute('data-state', 'uploaded');
  }
  await page.getByTestId('kyc-step-next').click();
  await expectStep(page, 'review');
  await expect(page.getByTestId('kyc-review-surname')).toHaveText('Chan');
  await page.getByTestId('kyc-declaration').check();
  await page.getByTestId('kyc-resubmit').click();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'resubmitted', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('kyc-submitted')).toContainText(t.kyc['state.resubmitted.title']);

  // the operator approves: level 1, verified, and a referral code
  await ops('kyc', 'approve', member.email);
  await page.reload();
  await expect(page.getByTestId('kyc-verified')).toBeVisible();
  await page.getByTestId('kyc-account-link').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-level')).toHaveAttribute('data-level', '1', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('account-kyc-status')).toHaveAttribute('data-state', 'verified');
  await expect(page.getByTestId('account-referral-code')).toHaveText(/^[A-Z2-9]{8}$/);
});

for (const language of ['zh-TW', 'zh-CN'] as const) {
  test(`the form in ${language}: translated labels and messages, submitted`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = TEXT[language];
    await newMember(page, 'KycZh', language);
    const files = await writeDocumentImages(page, (name) => test.info().outputPath(name));

    await page.goto('/kyc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.kyc['page.title']);
    await expect(page.getByTestId('kyc-stepper-personal')).toContainText(t.kyc['steps.personal']);
    await expectStep(page, 'personal');
    await field(page, 'idType').selectOption('id_card');
    // the labels are this language's: each names its own control
    await expect(page.getByLabel(t.kyc['field.surname'])).toHaveAttribute(
      'data-testid',
      'kyc-field-surname',
    );
    await expect(page.getByLabel(t.kyc['field.nationalIdNumber'])).toHaveAttribute(
      'data-testid',
      'kyc-field-nationalIdNumber',
    );

    await fillPersonal(page, {
      countryPrefix: '台', // 台灣 / 台湾
      surname: '陳',
      givenName: '美玲',
      nationalId: WRONG_ID,
      placeOfBirth: '臺北市',
      address: '臺北市信義區信義路五段7號',
      jobTitle: '工程師',
    });
    // the wrong national ID: the translated "Incorrect ID No. format" on its field, no save
    const idMessage = new RegExp(escape(t.errors['validation.idFormat']));
    const nationalId = field(page, 'nationalIdNumber');
    await page.getByTestId('kyc-step-next').click();
    await expect(nationalId).toHaveAccessibleDescription(idMessage);
    await expect(nationalId).toHaveAttribute('aria-invalid', 'true');
    await expectStep(page, 'personal');
    await nationalId.fill(VALID_ID);
    await expect(nationalId).not.toHaveAccessibleDescription(idMessage);
    await page.getByTestId('kyc-step-next').click();

    await expectStep(page, 'documents');
    await expectNonImageRefused(page, 'frontImage', t.errors['validation.fileType']);
    await uploadDocuments(page, files);
    await page.getByTestId('kyc-step-next').click();

    await expectStep(page, 'review');
    await expect(page.getByTestId('kyc-review-surname')).toHaveText('陳');
    await page.getByTestId('kyc-declaration').check();
    await expect(page.getByTestId('kyc-submit')).toHaveText(t.kyc['action.submit']);
    await page.getByTestId('kyc-submit').click();
    await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'submitted', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('kyc-submitted')).toContainText(t.kyc['state.submitted.title']);
  });
}

/** Saves the personal part as the browser would (modifyLevelOne with the page's token). */
async function savePersonalViaApi(token: string, body: KycPersonal) {
  const res = await fetch(`${stack.baseUrl}/member/ico/kyc/modifyLevelOne`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; message: string };
  if (json.status !== 0) throw new Error(`modifyLevelOne: ${res.status} ${json.message}`);
}

test('/kyc?step=upload opens the upload step once the personal part is saved; non-images are refused', async ({
  page,
}) => {
  const t = TEXT['en-US'];
  await newMember(page, 'KycUpload');

  // nothing saved yet: the personal step, with a note saying why
  await page.goto('/kyc?step=upload');
  await expectStep(page, 'personal');
  await expect(page.getByTestId('kyc-personal-first')).toHaveText(t.kyc['steps.personalFirst']);

  await savePersonalViaApi(await accessToken(page), {
    idType: 'id_card',
    nationalIdNumber: VALID_ID,
    surname: 'Lin',
    givenName: 'Chia-Hao',
    issueDate: '2019-03-01',
    issueType: 'reissue',
    issuePlace: '65000',
    expirationDate: EXPIRES,
    nationality: 'TW',
    countryOfResidence: 'TW',
    placeOfBirth: 'New Taipei, Taiwan',
    dateOfBirth: '1985-11-02',
    residentialAddress: 'No. 1, Zhongshan Road, Banqiao District, New Taipei City',
    currentAddress: 'No. 1, Zhongshan Road, Banqiao District, New Taipei City',
    jobTitle: 'Teacher',
    accountPurpose: 'savings',
  });
  await page.goto('/kyc?step=upload');
  await expectStep(page, 'documents');
  await expect(page.getByTestId('kyc-stepper-personal')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('kyc-stepper-documents')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('kyc-personal-first')).toHaveCount(0);
  // an ID card asks for both sides
  await expect(page.getByTestId('kyc-upload-backImage')).toBeVisible();

  // a PDF is refused by the drop itself (type and extension), before anything is sent
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/member/uploadImage')) uploads.push(request.url());
  });
  await page.getByTestId('kyc-upload-selfieImage-input').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes(),
  });
  const selfie = page.getByTestId('kyc-upload-selfieImage');
  await expect(selfie).toHaveAttribute('data-state', 'failed');
  await expect(selfie.getByRole('alert')).toHaveText(t.errors['validation.fileType']);
  expect(uploads).toHaveLength(0);

  // a PDF named .png passes the name check and is refused for its content
  await expectNonImageRefused(page, 'frontImage', t.errors['validation.fileType']);
  await expect(page.getByTestId('kyc-upload-frontImage-choose')).toBeVisible();
});
