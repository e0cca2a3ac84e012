/**
 * Vitest set-up for every test file: passwords are hashed at cheap scrypt parameters.
 *
 * The server hashes at OWASP's (N=2^15, r=8, p=3), about 250 ms of CPU per hash here, and
 * the API and hostile suites register and sign in hundreds of users: the suites ran twice as
 * long. The stored format carries its parameters, so sign-in verifies these hashes as it
 * verifies real ones. The real parameters are tested in server/modules/auth/passwords.test.ts,
 * and the end-to-end tests and every benchmark run the real server, which hashes at them.
 */
import { vi } from 'vitest';

vi.mock('../../server/modules/auth/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/modules/auth/passwords')>();
  const cheap = { N: 2 ** 10, r: 8, p: 1 };
  return {
    ...actual,
    hashPassword: (password: string) => actual.hashPasswordWith(password, cheap),
  };
});
