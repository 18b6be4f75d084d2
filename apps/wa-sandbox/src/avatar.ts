import { createHash } from 'node:crypto';

/** A profile picture for a number: its last two digits on a colour derived from it. */
export function avatarSvg(number: string): string {
  const hue = (createHash('sha256').update(number).digest()[0]! * 360) / 256;
  const label = number.slice(-2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" fill="hsl(${Math.round(hue)},55%,55%)"/>` +
    `<text x="48" y="60" font-family="sans-serif" font-size="40" fill="#fff" text-anchor="middle">${label}</text></svg>`
  );
}
