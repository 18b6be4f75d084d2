/** The 50 preset colours the queue modal offers (spec 001 section 9). */
export const QUEUE_COLORS = [
  '#b80000',
  '#db3e00',
  '#fccb00',
  '#008b02',
  '#006b76',
  '#1273de',
  '#004dcf',
  '#5300eb',
  '#eb9694',
  '#fad0c3',
  '#fef3bd',
  '#c1e1c5',
  '#bedadc',
  '#c4def6',
  '#bed3f3',
  '#d4c4fb',
  '#4d4d4d',
  '#999999',
  '#ffffff',
  '#f44e3b',
  '#fe9200',
  '#fcdc00',
  '#dbdf00',
  '#a4dd00',
  '#68ccca',
  '#73d8ff',
  '#aea1ff',
  '#fda1ff',
  '#333333',
  '#808080',
  '#cccccc',
  '#d33115',
  '#e27300',
  '#fcc400',
  '#b0bc00',
  '#68bc00',
  '#16a5a5',
  '#009ce0',
  '#7b64ff',
  '#fa28ff',
  '#000000',
  '#666666',
  '#b3b3b3',
  '#9f0500',
  '#c45100',
  '#fb9e00',
  '#808900',
  '#194d33',
  '#0c797d',
  '#0062b1',
] as const;

/** The colour a new queue starts with when the company has none yet. */
export const DEFAULT_QUEUE_COLOR = QUEUE_COLORS[5];

/**
 * The colour to offer a new queue: the default, or the first preset after it (going round the
 * list) that no queue of the company uses yet, since two queues may not share a colour
 * (ERR_QUEUE_COLOR_ALREADY_EXISTS). With every preset taken, the default; the user picks another.
 */
export function nextQueueColor(usedColors: readonly string[]): string {
  const used = new Set(usedColors.map((color) => color.toLowerCase()));
  const start = QUEUE_COLORS.indexOf(DEFAULT_QUEUE_COLOR);
  for (let step = 0; step < QUEUE_COLORS.length; step += 1) {
    const candidate = QUEUE_COLORS[(start + step) % QUEUE_COLORS.length]!;
    if (!used.has(candidate)) return candidate;
  }
  return DEFAULT_QUEUE_COLOR;
}
