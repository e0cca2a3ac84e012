/** The profile fields a user edits on their own account. */
import { eq } from 'drizzle-orm';
import type { Language } from '../../../common/rules';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Sets the user's full name and phone number; false when there is no such user. */
export async function updateProfile(
  db: Db,
  userId: string,
  profile: { fullName: string; phoneNumber: string },
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Sets the language of the user's mails. */
export async function updateLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
