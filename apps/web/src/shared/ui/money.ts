/** Money in pt-BR format, BRL (spec 001 section 9). */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
}
