import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { humanizeNumber } from '@tide/core/format';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../state/session.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { richPage } from './note-fixtures.ts';
import { type noteZapTarget, ZapButton } from './zap-button.tsx';
import { requestZapDialog, shownZapSats, zapDialogRequest, zapOverlay } from './zap-overlay.ts';

// The wallet module is replaced (unit test): what the button asks it to do is checked; the flow has its own tests.
const zap = vi.fn(async () => true);
vi.mock('../wallet/index.ts', async () => {
  const dialog = await import('../wallet/zap-dialog.tsx');
  return { zap: (...args: unknown[]) => zap(...(args as [])), ZapDialog: dialog.ZapDialog };
});
vi.mock('../wallet/zap-actions.ts', () => ({ zap: (...args: unknown[]) => zap(...(args as [])) }));

const note = richPage('zap me').notes[0]!;

beforeEach(() => {
  zap.mockClear();
  vi.spyOn(session, 'requestSigner').mockReturnValue('ready');
});
afterEach(() => vi.restoreAllMocks());

describe('ZapButton', () => {
  it('a tap sends the default zap (42 sats, Onward) for the note', async () => {
    renderWithApp(<ZapButton note={note} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zap' }));
    await waitFor(() => expect(zap).toHaveBeenCalledTimes(1));
    const [target, amount, message] = zap.mock.calls[0] as unknown as [
      ReturnType<typeof noteZapTarget>,
      number,
      string,
    ];
    expect(target).toMatchObject({ id: note.id, pubkey: note.pubkey, kind: 1 });
    expect(amount).toBe(42);
    expect(message).toBe('Onward');
  });

  it('a right click opens the custom zap dialog with six presets; choosing one and sending zaps that amount', async () => {
    renderWithApp(<ZapButton note={note} />);
    fireEvent.contextMenu(screen.getByRole('button', { name: 'Zap' }));
    const dialog = await screen.findByTestId('zap-dialog');
    for (const label of ['21 sats', '420 sats', '1,000 sats', '5,000 sats', '10,000 sats', '100,000 sats'])
      expect(within(dialog).getByRole('button', { name: label })).toBeTruthy();
    expect(dialog.querySelectorAll('svg').length).toBeGreaterThanOrEqual(6);
    fireEvent.click(within(dialog).getByRole('button', { name: '1,000 sats' }));
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'coffee' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zap 1,000 sats' }));
    await waitFor(() => expect(zap).toHaveBeenCalledTimes(1));
    expect(zap.mock.calls[0]?.slice(1, 3)).toEqual([1000, 'coffee']);
    await waitFor(() => expect(screen.queryByTestId('zap-dialog')).toBeNull());
  });

  it('a long press opens the dialog and does not also send the default zap', async () => {
    vi.useFakeTimers();
    try {
      renderWithApp(<ZapButton note={note} />);
      const button = screen.getByRole('button', { name: 'Zap' });
      fireEvent.pointerDown(button);
      act(() => vi.advanceTimersByTime(600));
      fireEvent.pointerUp(button);
      fireEvent.click(button);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByTestId('zap-dialog')).toBeTruthy();
    expect(zap).not.toHaveBeenCalled();
  });

  it('guests are asked to sign in and nothing is sent', () => {
    vi.spyOn(session, 'requestSigner').mockReturnValue('none');
    renderWithApp(<ZapButton note={note} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zap' }));
    expect(stores.toasts.getState().toasts.at(-1)?.message).toBe('You must be logged-in to perform a zap');
    expect(zap).not.toHaveBeenCalled();
  });

  it('the counter adds confirmed zaps until the served count includes them (no double count)', () => {
    expect(shownZapSats(100, undefined)).toBe(100);
    expect(shownZapSats(100, { base: 100, sent: 42 })).toBe(142);
    expect(shownZapSats(142, { base: 100, sent: 42 })).toBe(142);
    expect(shownZapSats(200, { base: 100, sent: 42 })).toBe(200);
    act(() => zapOverlay.getState().add(note.id, 21, note.stats.satszapped));
    renderWithApp(<ZapButton note={note} />);
    expect(screen.getByRole('button', { name: 'Zap' }).textContent).toContain(
      humanizeNumber(note.stats.satszapped + 21),
    );
  });
});

describe('note menu Zap item', () => {
  it('asks the note’s zap button to open the custom zap dialog', async () => {
    renderWithApp(<ZapButton note={note} />);
    act(() => requestZapDialog(note.id));
    expect(await screen.findByTestId('zap-dialog')).toBeTruthy();
    expect(zapDialogRequest.getState().id).toBeNull();
    expect(zap).not.toHaveBeenCalled();
  });
});
