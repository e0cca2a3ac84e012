/**
 * What the console reads to manage the platform's configuration: the whole site settings
 * (public and admin-only fields), the active deposit and withdraw methods, and the admins.
 */
import { array, nullable, object, string, union, type Infer } from 'superstruct';
import { AdminApprovalResponse } from './admin-approvals';
import { AdminRef } from './admin-queues';
import { IsoDate, WireAmount } from './common';
import { TradingConfig } from './market';
import { SiteSetting } from './settings';
import { DepositMethod, WithdrawMethod } from './wallet';

/**
 * GET /api/admin/settings, and the answer of PUT /api/updateSiteSetting: the public
 * settings, the trading settings as GET /api/config publishes them, and the withdrawal
 * amount from which two admins must approve (null when off).
 */
export const AdminSiteSettings = object({
  setting: SiteSetting,
  trading: TradingConfig,
  withdrawalDualApproval: nullable(WireAmount),
});
export type AdminSiteSettings = Infer<typeof AdminSiteSettings>;

/**
 * PUT /api/updateSiteSetting: 200 with the settings, or, when it loosens dual approval
 * (turns it off or raises it), 202 with the pending request for that part and the settings
 * with the rest of the update applied.
 */
export const UpdateSiteSettingResult = union([
  AdminSiteSettings,
  object({ ...AdminApprovalResponse.schema, settings: AdminSiteSettings }),
]);
export type UpdateSiteSettingResult = Infer<typeof UpdateSiteSettingResult>;

/** GET /api/admin/methods: the active methods of both kinds, oldest first. */
export const AdminMethods = object({
  deposit: array(DepositMethod),
  withdraw: array(WithdrawMethod),
});
export type AdminMethods = Infer<typeof AdminMethods>;

export const AdminAccount = object({
  _id: string(),
  fullName: string(),
  username: string(),
  email: string(),
  lastLoginDate: nullable(IsoDate),
  createdAt: IsoDate,
  /** The admin who asked for this account; null for admins made at the server's start. */
  createdBy: nullable(AdminRef),
  /** A disabled admin cannot sign in; enabling them again needs a second admin. */
  disabledAt: nullable(IsoDate),
});
export type AdminAccount = Infer<typeof AdminAccount>;

/** GET /api/admin/admins: every admin account, oldest first. */
export const AdminAccountList = object({ admins: array(AdminAccount) });
export type AdminAccountList = Infer<typeof AdminAccountList>;

/** POST /api/admin/admins/:id/disable: the admin as they now are. */
export const AdminAccountResponse = object({ admin: AdminAccount });
export type AdminAccountResponse = Infer<typeof AdminAccountResponse>;
