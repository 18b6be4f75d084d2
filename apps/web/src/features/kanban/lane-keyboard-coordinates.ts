import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * The keyboard's moves on the board: once a card is picked up (Space or Enter), the left and right
 * arrows carry it to the centre of the previous or next lane; Space or Enter drops it, Escape
 * cancels (dnd-kit's KeyboardSensor). Other keys do nothing.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const lanes = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  if (lanes.length === 0) return undefined;
  const centres = lanes.map((rect) => rect.left + rect.width / 2);
  const nearest = centres.reduce(
    (best, centre, index) => (Math.abs(centre - currentCoordinates.x) < Math.abs(centres[best]! - currentCoordinates.x) ? index : best),
    0,
  );
  const target = Math.min(lanes.length - 1, Math.max(0, nearest + step));
  return { x: centres[target]!, y: currentCoordinates.y };
};
