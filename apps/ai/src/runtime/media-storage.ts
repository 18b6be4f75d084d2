/** Injection token of the media store (libs/storage) the ai service reads voice notes from and writes synthesised speech to. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
