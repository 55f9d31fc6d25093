import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema: starter kit (no underline: markdown has none; links not opened while editing), images (so
 * an article's pictures survive an edit) and the markdown parser/serializer.
 */
export function articleExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({ underline: false, link: { openOnClick: false, autolink: true } }),
    Image.configure({ inline: false }),
    Markdown,
  ];
}
