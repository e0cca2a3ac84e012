import { UserResponse, type UpdateProfileRequest, type User } from '../../../common/contract';
import { api } from '../../services/api-client';

/** PUT /api/updateProfile: the signed-in user's own full name and phone number. */
export async function updateProfile(fields: UpdateProfileRequest): Promise<User> {
  return (await api.put('/updateProfile', UserResponse, { ...fields })).user;
}
