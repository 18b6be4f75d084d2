/** Form submit delays of the spec: 400 ms in modals, 500 ms in page forms (spec 000/001 section 9). */
export const MODAL_SUBMIT_DELAY_MS = 400;
export const FORM_SUBMIT_DELAY_MS = 500;

export function submitDelay(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}
