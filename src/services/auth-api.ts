import { MessageResponse } from '../../common/contract/auth';
import type { Language, Role } from '../../common/rules';
import { api } from './api-client';
import { tokenStorage } from './token-storage';

/** POST /api/logout: revokes the token of `role` on the server. */
export async function logout(role: Role): Promise<void> {
  await api.post('/logout', MessageResponse, undefined, { auth: role });
}

/**
 * PUT /api/updateLanguage: a signed-in user's mails follow the language chosen in the app.
 * Nothing for a guest, an admin or an admin's read-only view; a failure only leaves the
 * mails in the previous language, so it is not shown.
 */
export function rememberLanguageOnServer(language: Language): void {
  if (tokenStorage.storedRole() !== 'user' || tokenStorage.viewAs() !== null) return;
  api.put('/updateLanguage', MessageResponse, { language }).catch(() => undefined);
}
