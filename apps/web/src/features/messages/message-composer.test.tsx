import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import type { DmMessage } from './dm-message.ts';

const { sendDirectMessage, sendModeFor } = vi.hoisted(() => ({
  sendDirectMessage: vi.fn(),
  sendModeFor: vi.fn(),
}));
vi.mock('./send-message.ts', () => ({ sendDirectMessage, sendModeFor }));
vi.mock('../../state/session.ts', () => ({ session: { signer: { nip04: {}, nip44: {} } } }));

import { MessageComposer } from './message-composer.tsx';

const ME = 'a'.repeat(64);
const BOB = 'b'.repeat(64);

describe('MessageComposer', () => {
  it('keeps the text when sending fails, clears it after a confirmed send; NIP-17 by default when offered', async () => {
    sendModeFor.mockResolvedValue({ kind: 'nip17', recipientRelays: ['wss://dm.example/'] });
    const onSent = vi.fn();
    renderWithApp(<MessageComposer me={ME} contact={BOB} onSent={onSent} />);
    await waitFor(() => expect(screen.getByTestId('dm-mode').dataset.mode).toBe('nip17'));
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'hello there' } });

    sendDirectMessage.mockResolvedValueOnce(null);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sendDirectMessage).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(box.value).toBe('hello there');
    expect(onSent).not.toHaveBeenCalled();
    expect(sendDirectMessage.mock.calls[0][4]).toEqual({ kind: 'nip17', recipientRelays: ['wss://dm.example/'] });

    // the user may choose NIP-04 instead
    fireEvent.click(screen.getByRole('checkbox', { name: 'Private (NIP-17)' }));
    expect(screen.getByTestId('dm-mode').dataset.mode).toBe('nip04');
    const sent: DmMessage = { id: 'x', from: ME, to: BOB, createdAt: 1, text: 'hello there', private: false };
    sendDirectMessage.mockResolvedValueOnce(sent);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(box.value).toBe('');
    expect(sendDirectMessage.mock.calls[1][3]).toBe('hello there');
    expect(sendDirectMessage.mock.calls[1][4]).toEqual({ kind: 'nip04' });
  });
});
