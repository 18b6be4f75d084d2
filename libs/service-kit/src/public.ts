import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'atrium:public';

/** The HTTP route needs no login (health probes, login, signup, ...). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
