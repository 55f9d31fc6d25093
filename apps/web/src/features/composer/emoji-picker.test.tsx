import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { ComposerEditor } from './composer-editor.tsx';
import { readEmojiHistory } from './emoji-history.ts';
import { useComposer } from './use-composer.ts';

function Harness() {
  const composer = useComposer({}, { send: async () => null });
  return (
    <>
      <ComposerEditor composer={composer} target={{}} onCancel={() => {}} />
      <output data-testid="text">{composer.text}</output>
    </>
  );
}

describe('emoji picker', () => {
  it('loads on demand, finds by name, inserts at the caret and remembers the emoji first in the history', async () => {
    renderWithApp(<Harness />);
    const area = screen.getByRole('combobox', { name: 'Note text' }) as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: 'launch day', selectionStart: 6, selectionEnd: 6 } });
    area.setSelectionRange(6, 6);
    expect(screen.queryByTestId('emoji-picker')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Insert emoji' }));
    const search = await screen.findByRole('searchbox', { name: 'Search emoji' });
    fireEvent.change(search, { target: { value: 'rocket' } });
    fireEvent.click(screen.getByRole('button', { name: 'rocket' }));
    expect(screen.getByTestId('text').textContent).toBe('launch🚀 day');
    expect(readEmojiHistory(null)).toEqual(['🚀']);
    await waitFor(() => expect(screen.queryByTestId('emoji-picker')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Insert emoji' }));
    expect(await screen.findByRole('region', { name: 'Recently used' })).toBeTruthy();
    const field = screen.getByRole('searchbox', { name: 'Search emoji' });
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('emoji-picker')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Insert emoji' }));
  });
});
