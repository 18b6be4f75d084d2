import type { TemplateParameters, WhatsappTemplateView } from '@atrium/contracts';

export type TemplatePart = keyof Required<TemplateParameters>;

/** One value a template asks for: where it goes and the placeholder's name. */
export interface TemplateSlot {
  part: TemplatePart;
  index: number;
  name: string;
}

/** The inputs a template asks for, one per variable, in order: header, body, then URL buttons. */
export function slotsOf(template: Pick<WhatsappTemplateView, 'variables'>): TemplateSlot[] {
  const { header, headerMedia, body, buttons } = template.variables;
  return [
    ...(headerMedia
      ? [{ part: 'header' as const, index: 0, name: headerMedia }]
      : header.map((name, index) => ({ part: 'header' as const, index, name }))),
    ...body.map((name, index) => ({ part: 'body' as const, index, name })),
    ...buttons.map((button, index) => ({ part: 'buttons' as const, index, name: String(button + 1) })),
  ];
}

/** The values as Meta's parts take them: each part that has slots, in order (missing values as ''). */
export function parametersOf(
  slots: TemplateSlot[],
  values: TemplateParameters,
  clean: (value: string) => string = (v) => v,
): TemplateParameters {
  const parameters: TemplateParameters = {};
  for (const part of ['header', 'body', 'buttons'] as const) {
    const count = slots.filter((slot) => slot.part === part).length;
    if (count > 0) parameters[part] = Array.from({ length: count }, (_, i) => clean(values[part]?.[i] ?? ''));
  }
  return parameters;
}

/** Whether every slot has a value. */
export function slotsFilled(slots: TemplateSlot[], values: TemplateParameters): boolean {
  return slots.every((slot) => (values[slot.part]?.[slot.index] ?? '').trim() !== '');
}
