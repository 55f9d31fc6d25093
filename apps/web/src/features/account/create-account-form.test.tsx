import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';
import { CreateAccountForm } from './create-account-form.tsx';

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

// A small network: two well-followed users with profiles, so get_suggested_users has a Popular group.
const ada = testAuthor();
const ben = testAuthor();
const fan = testAuthor();
let test: TestServer;
let data: AppData;

beforeAll(async () => {
  test = await startTestServer();
  await test.addEvents([
    signed(ada, 0, JSON.stringify({ name: 'ada', display_name: 'Ada Suggested', about: 'writes about tides' })),
    signed(ben, 0, JSON.stringify({ name: 'ben', display_name: 'Ben Suggested' })),
    signed(fan, 3, '', [
      ['p', ada.pubkey],
      ['p', ben.pubkey],
    ]),
  ]);
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

function toStep3() {
  renderWithApp(<CreateAccountForm />, '/new', data);
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann_marie' } });
  next();
  next();
}

describe('CreateAccountForm', () => {
  it('starts on step 1 of 3 with Previous disabled', () => {
    renderWithApp(<CreateAccountForm />);
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('requires a username before step 2', () => {
    renderWithApp(<CreateAccountForm />);
    next();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  });

  it('refuses spaces and special characters with the spec messages', () => {
    renderWithApp(<CreateAccountForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann marie!' } });
    next();
    expect(screen.getByText('Spaces and special characters are not allowed in the username')).toBeTruthy();
    expect(screen.getByText('Username is not valid')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('walks steps 2 (all optional, avatar upload) and 3, and back with Previous, keeping what was typed', () => {
    renderWithApp(<CreateAccountForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann_marie' } });
    next();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByLabelText('About')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Upload avatar/ })).toBeTruthy();
    next();
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ann_marie');
  });

  it('step 3 loads the suggested accounts from get_suggested_users, all chosen, with Unfollow all', async () => {
    toStep3();
    const group = await screen.findByRole('region', { name: 'Popular' }, { timeout: 15_000 });
    const boxes = () => within(group).getAllByRole('checkbox') as HTMLInputElement[];
    await waitFor(() => expect(boxes().length).toBe(2));
    expect(within(group).getByText('Ada Suggested')).toBeTruthy();
    await waitFor(() => expect(boxes().every((b) => b.checked)).toBe(true));
    fireEvent.click(within(group).getByRole('button', { name: 'Unfollow all' }));
    expect(boxes().some((b) => b.checked)).toBe(false);
    fireEvent.click(boxes()[0]!);
    expect(boxes()[0]!.checked).toBe(true);
    expect(within(group).getByRole('button', { name: 'Follow all' })).toBeTruthy();
  });

  it('Finish first shows the new key: hidden until asked, and Create account waits for the saved confirmation', async () => {
    toStep3();
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save your private key' });
    const box = within(dialog).getByTestId('new-nsec');
    expect(box.textContent).toMatch(/^nsec1•+$/);
    const create = within(dialog).getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show key' }));
    expect(box.textContent).toMatch(/^nsec1[02-9ac-hj-np-z]{58}$/);
    expect(within(dialog).getByRole('button', { name: 'Download key' })).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('I have saved my private key'));
    expect(create.disabled).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '2468' } });
    fireEvent.change(within(dialog).getByLabelText('Repeat PIN'), { target: { value: '1357' } });
    fireEvent.click(create);
    expect(within(dialog).getByText("PINs don't match")).toBeTruthy();
  });
});
