/** Highest option number a customer can type in a queue's option tree; 0 is taken by 'back' in the menus. */
export const QUEUE_OPTION_MAX = 99;
