/** A maps link to a point (the middle part of a location message's body). */
export function mapsLink(latitude: number, longitude: number): string {
  return `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`;
}

/** The spec's location body: `image|link|description` (spec 000 section 3). */
export function locationBody(image: string, link: string, description: string): string {
  return `${image}|${link}|${description}`;
}

export function mediaTypeOf(mimetype: string): 'image' | 'audio' | 'video' | 'application' {
  const kind = mimetype.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'application';
}
