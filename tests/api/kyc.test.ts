/**
 * Identity verification: a request claims its three uploads once, one open request per user,
 * every field rule answered with its docs/product.md §5 text and nothing changed, one admin decision
 * (audited), and the documents private: only the owner and admins get links, links expire,
 * metadata is gone, the stored bytes are encrypted, and every admin view is audited.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminKycResponse, KycResponse } from '../../common/contract';
import {
  FIELD_ERRORS,
  latestAdultDateOfBirth,
  latestIsoDateOnEarth,
  localIsoDate,
} from '../../common/validation';
import { auditLog, files, kycRequests, users } from '../../server/db/schema';
import {
  UPLOAD_ALREADY_USED_MESSAGE,
  UPLOAD_NOT_FOUND_MESSAGE,
} from '../../server/modules/files/claims';
import { SAME_IMAGE_MESSAGE } from '../../server/modules/kyc/fields';
import {
  ALREADY_VERIFIED_MESSAGE,
  KYC_NOT_FOUND_MESSAGE,
  KYC_PENDING_MESSAGE,
  REASON_REQUIRED_MESSAGE,
} from '../../server/modules/kyc/routes';
import {
  createAdminTestApp,
  kycBody,
  kycUploads,
  me,
  multipartFile,
  registerAndLogin,
  uploadScreenshot,
  type AdminTestApp,
  type Headers,
  type KycImages,
} from './harness';

let t: AdminTestApp;
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  admin = t.admin;
  adminId = (await me(t.app, admin))._id;
});
afterAll(async () => t?.close());

const FILE_URL = /^\/files\/([0-9a-f-]{36})$/;
const fileIdOf = (fileUrl: string) => {
  const id = FILE_URL.exec(fileUrl)?.[1];
  if (!id) throw new Error(`not a file URL: ${fileUrl}`);
  return id;
};

/** The calendar day after an ISO date. */
function nextDay(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
}

function createKyc(headers: Headers, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/createKyc', headers, payload });
}

function decide(id: string, status: 'Completed' | 'Rejected', reason?: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/updateKyc/${id}`,
    headers: admin,
    payload: { id, status, ...(reason === undefined ? {} : { reason }) },
  });
}

async function userFlags(userId: string) {
  const [row] = await t.app.db
    .select({
      isVerified: users.isVerified,
      isVerificationPending: users.isVerificationPending,
      country: users.country,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

async function requestCount(userId: string) {
  return (await t.app.db.select().from(kycRequests).where(eq(kycRequests.userId, userId))).length;
}

async function fileRow(fileId: string) {
  const [row] = await t.app.db.select().from(files).where(eq(files.id, fileId));
  return row;
}

async function auditRows(action: string, targetId: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe('POST /api/createKyc', () => {
  it('records a pending request, claims the three uploads and marks the user pending', async () => {
    const a = await registerAndLogin(t.app);
    const images = await kycUploads(t.app);
    const res = await createKyc(a.auth, kycBody(images));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(is(body, KycResponse)).toBe(true);
    expect(body.kyc).toMatchObject({
      firstName: 'Ada',
      middleName: 'King',
      country: 'UK',
      employmentStatus: 'Self-employed',
      annualIncome: '85000.500000',
      documentType: 'Passport',
      status: 'Pending',
      reason: null,
    });
    for (const field of ['idFront', 'idBack', 'cameraRoll'] as const) {
      expect(body.kyc[field]).toMatch(/^\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);
      const row = await fileRow(fileIdOf(images[field]));
      expect(row).toMatchObject({ ownerId: a.userId, purpose: 'kyc' });
      expect(row?.claimedAt).not.toBeNull();
    }
    expect(await userFlags(a.userId)).toMatchObject({
      isVerified: false,
      isVerificationPending: true,
    });
    const user = await me(t.app, a.auth);
    expect(user).toMatchObject({ isVerificationPending: true, isVerified: false });

    const details = await t.app.inject({ url: '/api/getKycDetails', headers: a.auth });
    expect(details.statusCode).toBe(200);
    expect(details.json().kyc._id).toBe(body.kyc._id);
    const image = await t.app.inject({ url: details.json().kyc.idFront });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('keeps one open request per user: a second one answers 409 and changes nothing', async () => {
    const a = await registerAndLogin(t.app);
    expect((await createKyc(a.auth, kycBody(await kycUploads(t.app)))).statusCode).toBe(201);
    const second = await kycUploads(t.app);
    const res = await createKyc(a.auth, kycBody(second));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: KYC_PENDING_MESSAGE, code: 'kyc_pending' });
    expect(await requestCount(a.userId)).toBe(1);
    expect((await fileRow(fileIdOf(second.idFront)))?.claimedAt).toBeNull();
  });

  it('lets exactly one of two simultaneous submissions through', async () => {
    const a = await registerAndLogin(t.app);
    const [first, second] = await Promise.all([
      createKyc(a.auth, kycBody(await kycUploads(t.app))),
      createKyc(a.auth, kycBody(await kycUploads(t.app))),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect(await requestCount(a.userId)).toBe(1);
  });

  it('takes only the caller’s own or unclaimed uploads, each once, and rolls back a failed claim', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const mine = await kycUploads(t.app, a.auth);
    const bobs = await uploadScreenshot(t.app, b.auth);

    // B's upload in the last place: the first two claims happen, then all roll back.
    const foreign = await createKyc(a.auth, kycBody({ ...mine, cameraRoll: bobs }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      error: UPLOAD_NOT_FOUND_MESSAGE,
      code: 'invalid_upload',
      field: 'cameraRoll',
    });
    for (const url of [mine.idFront, mine.idBack]) {
      expect((await fileRow(fileIdOf(url)))?.claimedAt).toBeNull();
    }
    expect(await userFlags(a.userId)).toMatchObject({ isVerificationPending: false });

    const twice = await createKyc(a.auth, kycBody({ ...mine, idBack: mine.idFront }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: SAME_IMAGE_MESSAGE, field: 'idBack' });

    // An upload already used (here by a deposit screenshot claim) cannot be used again.
    const used = await uploadScreenshot(t.app, a.auth);
    await t.app.db
      .update(files)
      .set({ purpose: 'deposit', claimedAt: new Date() })
      .where(eq(files.id, fileIdOf(used)));
    const reused = await createKyc(a.auth, kycBody({ ...mine, idFront: used }));
    expect(reused.json()).toMatchObject({ error: UPLOAD_ALREADY_USED_MESSAGE, field: 'idFront' });

    expect(await requestCount(a.userId)).toBe(0);
    expect((await createKyc(a.auth, kycBody(mine))).statusCode).toBe(201);
  });

  it('refuses an anonymous caller and an admin', async () => {
    const body = kycBody(await kycUploads(t.app));
    expect((await createKyc({}, body)).statusCode).toBe(401);
    expect((await createKyc(admin, body)).statusCode).toBe(403);
  });

  describe('bad input: each with its message, nothing changed', () => {
    const inTwoDays = localIsoDate(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    // The server judges age by the latest date on Earth, as it judges "the future".
    const eighteenTomorrow = nextDay(latestAdultDateOfBirth(latestIsoDateOnEarth(Date.now())));
    const cases: [string, Record<string, unknown>, string, string | undefined][] = [
      ['no first name', { firstName: '  ' }, FIELD_ERRORS.firstNameRequired, 'firstName'],
      ['no last name', { lastName: '' }, FIELD_ERRORS.lastNameRequired, 'lastName'],
      ['a too long name', { lastName: 'x'.repeat(101) }, FIELD_ERRORS.kycTextTooLong, 'lastName'],
      ['no date of birth', { dateOfBirth: '' }, FIELD_ERRORS.dateOfBirthRequired, 'dateOfBirth'],
      ['a future birth', { dateOfBirth: inTwoDays }, FIELD_ERRORS.dateOfBirthFuture, 'dateOfBirth'],
      [
        'one day short of 18',
        { dateOfBirth: eighteenTomorrow },
        FIELD_ERRORS.dateOfBirthUnderAge,
        'dateOfBirth',
      ],
      [
        'a birth before 1900',
        { dateOfBirth: '1899-12-31' },
        FIELD_ERRORS.dateOfBirthInvalid,
        'dateOfBirth',
      ],
      [
        '30 February',
        { dateOfBirth: '2001-02-30' },
        FIELD_ERRORS.dateOfBirthInvalid,
        'dateOfBirth',
      ],
      ['no street', { street: '' }, FIELD_ERRORS.streetRequired, 'street'],
      ['no city', { city: '' }, FIELD_ERRORS.cityRequired, 'city'],
      ['no state', { state: '' }, FIELD_ERRORS.stateRequired, 'state'],
      ['no postal code', { postalCode: '' }, FIELD_ERRORS.postalCodeRequired, 'postalCode'],
      ['a postal code with <', { postalCode: '<b>' }, FIELD_ERRORS.postalCodeInvalid, 'postalCode'],
      ['no country', { country: '' }, FIELD_ERRORS.countryRequired, 'country'],
      ['a country off the list', { country: 'GB' }, FIELD_ERRORS.countryInvalid, 'country'],
      [
        'no employment status',
        { employmentStatus: '' },
        FIELD_ERRORS.employmentStatusRequired,
        'employmentStatus',
      ],
      [
        'an employment status off the list',
        { employmentStatus: 'Astronaut' },
        FIELD_ERRORS.employmentStatusInvalid,
        'employmentStatus',
      ],
      ['no income', { annualIncome: '' }, FIELD_ERRORS.annualIncomeRequired, 'annualIncome'],
      [
        'a word as income',
        { annualIncome: 'lots' },
        FIELD_ERRORS.annualIncomeNotNumber,
        'annualIncome',
      ],
      ['an exponent', { annualIncome: '1e5' }, FIELD_ERRORS.annualIncomeNotNumber, 'annualIncome'],
      [
        'a negative number',
        { annualIncome: -5 },
        FIELD_ERRORS.annualIncomeNegative,
        'annualIncome',
      ],
      [
        'a negative string',
        { annualIncome: '-1.5' },
        FIELD_ERRORS.annualIncomeNegative,
        'annualIncome',
      ],
      ['no ID front', { idFront: '' }, FIELD_ERRORS.idFrontRequired, 'idFront'],
      ['no ID back', { idBack: '' }, FIELD_ERRORS.idBackRequired, 'idBack'],
      ['no face scan', { cameraRoll: '' }, FIELD_ERRORS.cameraRollRequired, 'cameraRoll'],
      [
        'a foreign image URL',
        { idFront: 'https://evil.example/files/x.png' },
        UPLOAD_NOT_FOUND_MESSAGE,
        'idFront',
      ],
      [
        'another document type',
        { documentType: 'Visa' },
        'Invalid value for documentType.',
        'documentType',
      ],
      ['a verification flag', { isVerified: true }, 'Unknown field: isVerified', 'isVerified'],
      ['a status', { status: 'Completed' }, 'Unknown field: status', 'status'],
    ];

    let user: Awaited<ReturnType<typeof registerAndLogin>>;
    let images: KycImages;
    beforeAll(async () => {
      user = await registerAndLogin(t.app);
      images = await kycUploads(t.app);
    });

    it.each(cases)('%s', async (_name, override, message, field) => {
      const res = await createKyc(user.auth, { ...kycBody(images), ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect(res.json().field).toBe(field);
      expect(await requestCount(user.userId)).toBe(0);
      expect(await userFlags(user.userId)).toMatchObject({
        isVerified: false,
        isVerificationPending: false,
      });
      for (const url of Object.values(images)) {
        expect((await fileRow(fileIdOf(url)))?.claimedAt).toBeNull();
      }
    });

    it('answers field rules with their code for the web app to translate', async () => {
      const res = await createKyc(user.auth, { ...kycBody(images), annualIncome: '-1' });
      expect(res.json()).toMatchObject({ code: 'field', fieldCode: 'annualIncomeNegative' });
    });

    it('accepts a number, zero and no middle name', async () => {
      const res = await createKyc(user.auth, {
        ...kycBody(images),
        middleName: undefined,
        annualIncome: 0,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().kyc).toMatchObject({ middleName: null, annualIncome: '0.000000' });
    });

    it('accepts someone whose 18th birthday is today', async () => {
      const adult = await registerAndLogin(t.app);
      const today = latestIsoDateOnEarth(Date.now());
      const dateOfBirth = latestAdultDateOfBirth(today);
      expect(Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4))).toBe(18);
      const res = await createKyc(adult.auth, {
        ...kycBody(await kycUploads(t.app)),
        dateOfBirth,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().kyc).toMatchObject({ dateOfBirth });
    });
  });
});

describe('GET /api/getKycDetails', () => {
  it('answers 404 with an error when the user never sent a request', async () => {
    const b = await registerAndLogin(t.app);
    const res = await t.app.inject({ url: '/api/getKycDetails', headers: b.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: KYC_NOT_FOUND_MESSAGE });
  });

  it('refuses anonymous callers and admins', async () => {
    expect((await t.app.inject({ url: '/api/getKycDetails' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/getKycDetails', headers: admin })).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /api/updateKyc/:id', () => {
  it('Completed verifies the user, records their country, is audited and happens once', async () => {
    const a = await registerAndLogin(t.app);
    const kyc = (await createKyc(a.auth, kycBody(await kycUploads(t.app)))).json().kyc;

    const mismatch = await t.app.inject({
      method: 'PUT',
      url: `/api/updateKyc/${kyc._id}`,
      headers: admin,
      payload: { id: '00000000-0000-4000-8000-000000000000', status: 'Completed' },
    });
    expect(mismatch.statusCode).toBe(400);

    const res = await decide(kyc._id, 'Completed');
    expect(res.statusCode).toBe(200);
    expect(res.json().kyc).toMatchObject({ status: 'Completed' });
    expect(await userFlags(a.userId)).toEqual({
      isVerified: true,
      isVerificationPending: false,
      country: 'GB',
    });
    const [audit, ...more] = await auditRows('kyc.approved', kyc._id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({
      actorId: adminId,
      targetType: 'kyc',
      before: {
        status: 'Pending',
        user: { isVerified: false, isVerificationPending: true, country: null },
      },
      after: {
        status: 'Completed',
        user: { isVerified: true, isVerificationPending: false, country: 'GB' },
      },
    });

    const again = await decide(kyc._id, 'Rejected', 'Blurry');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_decided');
    expect(await userFlags(a.userId)).toMatchObject({ isVerified: true });

    const more2 = await createKyc(a.auth, kycBody(await kycUploads(t.app)));
    expect(more2.statusCode).toBe(409);
    expect(more2.json()).toMatchObject({
      error: ALREADY_VERIFIED_MESSAGE,
      code: 'already_verified',
    });
  });

  it('Rejected needs a reason, lets the user submit again and shows the reason', async () => {
    const a = await registerAndLogin(t.app);
    const kyc = (await createKyc(a.auth, kycBody(await kycUploads(t.app)))).json().kyc;

    const noReason = await decide(kyc._id, 'Rejected', '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: REASON_REQUIRED_MESSAGE, field: 'reason' });
    expect(await userFlags(a.userId)).toMatchObject({ isVerificationPending: true });

    const res = await decide(kyc._id, 'Rejected', 'The ID photo is blurry.');
    expect(res.statusCode).toBe(200);
    expect(await userFlags(a.userId)).toEqual({
      isVerified: false,
      isVerificationPending: false,
      country: null,
    });
    const [audit] = await auditRows('kyc.rejected', kyc._id);
    expect(audit).toMatchObject({ actorId: adminId, reason: 'The ID photo is blurry.' });

    const details = await t.app.inject({ url: '/api/getKycDetails', headers: a.auth });
    expect(details.json().kyc).toMatchObject({
      status: 'Rejected',
      reason: 'The ID photo is blurry.',
    });

    const resubmitted = await createKyc(a.auth, kycBody(await kycUploads(t.app)));
    expect(resubmitted.statusCode).toBe(201);
    const newest = await t.app.inject({ url: '/api/getKycDetails', headers: a.auth });
    expect(newest.json().kyc).toMatchObject({ _id: resubmitted.json().kyc._id, status: 'Pending' });
  });

  it('answers 404 for an unknown request and 403 to a user', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await decide(unknown, 'Completed')).statusCode).toBe(404);
    const a = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/updateKyc/${unknown}`,
      headers: a.auth,
      payload: { id: unknown, status: 'Completed' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('documents are private', () => {
  let owner: Awaited<ReturnType<typeof registerAndLogin>>;
  let kyc: { _id: string; idFront: string; idBack: string; cameraRoll: string };
  let images: KycImages;

  /** A JPEG carrying a GPS position and a marker in its EXIF. */
  const MARKER = 'kyc-gps-marker';
  async function jpegWithGps(): Promise<Buffer> {
    return sharp({ create: { width: 80, height: 60, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({
        exif: {
          IFD0: { ImageDescription: MARKER },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '48/1 51/1 24/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '2/1 21/1 3/1',
          },
        },
      })
      .toBuffer();
  }

  beforeAll(async () => {
    owner = await registerAndLogin(t.app);
    const jpeg = await jpegWithGps();
    const meta = await sharp(jpeg).metadata();
    // The fixture really carries what must be stripped.
    expect(meta.exif).toBeDefined();
    expect(jpeg.includes(MARKER)).toBe(true);
    const multipart = multipartFile('passport.jpg', 'image/jpeg', jpeg);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/upload?timestamp=${Date.now()}`,
      payload: multipart.payload,
      headers: multipart.headers,
    });
    expect(uploaded.statusCode).toBe(201);
    images = { ...(await kycUploads(t.app)), idFront: uploaded.json().fileUrl };
    const res = await createKyc(owner.auth, kycBody(images));
    expect(res.statusCode).toBe(201);
    kyc = res.json().kyc;
  });

  it('serves the JPEG with GPS from its signed link without any metadata', async () => {
    const res = await t.app.inject({ url: kyc.idFront });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(res.rawPayload.includes(MARKER)).toBe(false);
  });

  it('stores the bytes encrypted: what is on disk is not an image', async () => {
    const row = await fileRow(fileIdOf(images.idFront));
    if (!row) throw new Error('no file row');
    const onDisk = fs.readFileSync(path.join(t.config.dataDir, 'files', row.storageName));
    expect(await fileTypeFromBuffer(onDisk)).toBeUndefined();
    expect(onDisk.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    await expect(sharp(onDisk).metadata()).rejects.toThrow();
    const served = await t.app.inject({ url: kyc.idFront });
    expect(onDisk.includes(served.rawPayload.subarray(0, 64))).toBe(false);
  });

  it('gives another user and anonymous callers nothing (403/404)', async () => {
    const b = await registerAndLogin(t.app);
    const bare = kyc.idFront.split('?')[0] ?? '';
    const attempts = [
      t.app.inject({ url: '/api/getKycDetails', headers: b.auth }),
      t.app.inject({ url: `/api/admin/kyc/${kyc._id}`, headers: b.auth }),
      t.app.inject({ url: `/api/admin/kyc/${kyc._id}` }),
      t.app.inject({ url: bare, headers: b.auth }),
      t.app.inject({ url: bare }),
      t.app.inject({ url: `${bare}?exp=9999999999&sig=${'0'.repeat(64)}` }),
    ];
    const statuses = (await Promise.all(attempts)).map((res) => res.statusCode);
    expect(statuses).toEqual([404, 403, 401, 403, 403, 403]);
    // B's own details never include A's request.
    const bDetails = await t.app.inject({ url: '/api/getKycDetails', headers: b.auth });
    expect(bDetails.body).not.toContain(kyc._id);
  });

  it('refuses an expired link', async () => {
    const fileId = fileIdOf(images.idBack);
    const expired = t.app.fileLinks.sign(fileId, 60_000, Date.now() - 120_000);
    const res = await t.app.inject({ url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.rawPayload.length).toBeLessThan(200);
  });

  it('records every admin view: the request with its documents, and each image read', async () => {
    const res = await t.app.inject({ url: `/api/admin/kyc/${kyc._id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(is(body, AdminKycResponse)).toBe(true);
    expect(body.user).toMatchObject({ _id: owner.userId, email: owner.body.email });
    const [viewed] = await auditRows('kyc.documents_viewed', kyc._id);
    expect(viewed).toMatchObject({ actorId: adminId, targetType: 'kyc' });
    expect((viewed?.after as { files: string[] }).files).toEqual([
      fileIdOf(images.idFront),
      fileIdOf(images.idBack),
      fileIdOf(images.cameraRoll),
    ]);

    const link: string = body.kyc.cameraRoll;
    expect(link).toContain(`&admin=${adminId}`);
    const fileId = fileIdOf(images.cameraRoll);
    const before = (await auditRows('file.viewed', fileId)).length;
    const image = await t.app.inject({ url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    await t.app.inject({ url: link });
    const views = await auditRows('file.viewed', fileId);
    expect(views).toHaveLength(before + 2);
    expect(views[0]).toMatchObject({
      actorId: adminId,
      targetType: 'file',
      after: { purpose: 'kyc', ownerId: owner.userId },
    });

    // The admin cannot be taken out of the link (an unaudited read), nor swapped.
    const stripped = link.replace(`&admin=${adminId}`, '');
    expect((await t.app.inject({ url: stripped })).statusCode).toBe(403);
    const swapped = link.replace(`&admin=${adminId}`, `&admin=${owner.userId}`);
    expect((await t.app.inject({ url: swapped })).statusCode).toBe(403);
    // An owner's reads are not admin views.
    await t.app.inject({ url: body.kyc.idFront.replace(/&admin=.*$/, '') });
    expect(await auditRows('file.viewed', fileId)).toHaveLength(before + 2);
  });

  it('refuses an admin link once the account is no longer an admin', async () => {
    const res = await t.app.inject({ url: `/api/admin/kyc/${kyc._id}`, headers: admin });
    const link: string = res.json().kyc.idBack;
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, adminId));
    try {
      expect((await t.app.inject({ url: link })).statusCode).toBe(403);
    } finally {
      await t.app.db.update(users).set({ disabledAt: null }).where(eq(users.id, adminId));
    }
  });

  it('answers 404 to an admin for an unknown request', async () => {
    const res = await t.app.inject({
      url: '/api/admin/kyc/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
    expect(
      await auditRows('kyc.documents_viewed', '00000000-0000-4000-8000-000000000000'),
    ).toHaveLength(0);
  });
});
