import { lazy, type ComponentType } from 'react';

function isModule(value: unknown): value is { default: unknown } {
  return typeof value === 'object' && value !== null && 'default' in value;
}

/**
 * `React.lazy` for a module whose default export is the component, such as one of antd's
 * (`antd/es/tooltip`): ES in the browser build, CommonJS under Jest, where the component is then
 * one `default` further down.
 */
export function lazyDefault<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(async () => {
    const loaded: unknown = (await load()).default;
    return { default: (isModule(loaded) ? loaded.default : loaded) as ComponentType<Props> };
  });
}
