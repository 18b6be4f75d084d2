/** HH:MM as typed (spec 001 section 5: schedule times use an HH:MM mask). */
export function maskTime(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
