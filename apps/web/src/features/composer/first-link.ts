import { isMediaUrl } from './media-link.ts';

const LINK = /https?:\/\/[^\s<>"']+/giu;

/** The first http(s) link of a text that is not an image or video file, without trailing punctuation; or null. */
export function firstLink(text: string): string | null {
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(/[.,;:!?)\]}]+$/u, '');
    if (!isMediaUrl(url)) return url;
  }
  return null;
}
