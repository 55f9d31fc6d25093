const MEDIA_EXTENSION = /\.(png|jpe?g|webp|gif|svg|avif|mp4|mov|ogg|webm)$/i;

/** True for a link to an image or video file by its extension (spec §5 text recognition). */
export function isMediaUrl(url: string): boolean {
  try {
    return MEDIA_EXTENSION.test(new URL(url).pathname);
  } catch {
    return false;
  }
}
