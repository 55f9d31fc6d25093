/** Image extensions recognised in note text (spec §5). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;

/** Video extensions recognised in note text (spec §5). */
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'ogg', 'webm'] as const;

const IMAGE = new Set<string>(IMAGE_EXTENSIONS);
const VIDEO = new Set<string>(VIDEO_EXTENSIONS);

/** 'image' or 'video' when the URL's path ends in a known extension (query and fragment ignored), else null. */
export function mediaKind(url: string): 'image' | 'video' | null {
  let end = url.length;
  const q = url.indexOf('?');
  if (q !== -1) end = q;
  const h = url.indexOf('#');
  if (h !== -1 && h < end) end = h;
  const dot = url.lastIndexOf('.', end);
  if (dot === -1 || url.lastIndexOf('/', end) > dot) return null;
  const ext = url.slice(dot + 1, end).toLowerCase();
  if (IMAGE.has(ext)) return 'image';
  if (VIDEO.has(ext)) return 'video';
  return null;
}
