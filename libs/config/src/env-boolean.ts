import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/** A boolean variable: 'true'/'1' and 'false'/'0' (implicit conversion would read 'false' as true). */
export function EnvBoolean(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))(target, key);
    IsBoolean()(target, key);
  };
}
