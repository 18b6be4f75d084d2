import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsString } from 'class-validator';
import { CONFIGURABLE_PROFILES, PERMISSION_ACTION_NAMES, type ConfigurableProfile, type PermissionAction } from './permission-actions.js';

export * from './permission-actions.js';

/** PUT /permissions: the whole list of actions a supervisor or user profile holds from now on. */
export class SavePermissionsDto {
  @IsIn(CONFIGURABLE_PROFILES) profile!: ConfigurableProfile;
  @IsArray()
  @ArrayMaxSize(PERMISSION_ACTION_NAMES.length)
  @ArrayUnique()
  @IsString({ each: true })
  @IsIn(PERMISSION_ACTION_NAMES, { each: true })
  actions!: PermissionAction[];
}
