/** Help videos are hosted on YouTube and addressed by their code (spec 001 section 2). */
export function videoThumbnailUrl(code: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
}

export function videoEmbedUrl(code: string): string {
  return `https://www.youtube.com/embed/${encodeURIComponent(code)}?autoplay=1`;
}
