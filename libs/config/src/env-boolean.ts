import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/** A boolean variable: 'true'/'1' and 'false'/'0' (implicit conversion would read 'false' as true). */
export function EnvBoolean(): PropertyDecorator {
  return (target, key) => {
    // read the raw string: implicit conversion has already turned 'false' into true
    Transform(({ obj, key: property, value }) => {
      const raw: unknown = (obj as Record<string, unknown>)[property] ?? value;
      if (raw === true || raw === 'true' || raw === '1') return true;
      if (raw === false || raw === 'false' || raw === '0') return false;
      return raw;
    })(target, key);
    IsBoolean()(target, key);
  };
}
