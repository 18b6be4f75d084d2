import { SECRET_SETTING_KEYS, type SettingView } from '@atrium/contracts';

/** Settings a user may read: secrets (the payment token) only for admins and super users. */
export function visibleSettings(all: SettingView[], viewer: { profile: string; super: boolean }): SettingView[] {
  if (viewer.profile === 'admin' || viewer.super) return all;
  return all.filter((setting) => !(SECRET_SETTING_KEYS as readonly string[]).includes(setting.key));
}
