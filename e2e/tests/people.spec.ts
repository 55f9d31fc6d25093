import { hexToBytes } from '@noble/hashes/utils.js';
import { expect, type Page, test } from '@playwright/test';
import { npubEncode, nsecEncode } from 'nostr-tools/nip19';
import { type EventTemplate, finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure';
import { watchPage } from '../helpers/watch-page.ts';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { cacheRequest } from '../support/cache.ts';
import { publishToRelay, queryRelay } from '../support/relay.ts';
import { cacheUrlOf, relayUrlOf } from '../support/server.ts';

// People actions (issue 14) in Chromium against the real caching service and relay: follow / unfollow (with the
// under-2 follow warning on a fresh key whose list is tiny), mute a user and a word (their notes disappear), edit the
// profile (an unknown kind-0 field survives). Fresh keys keep these writes away from the demo accounts other specs
// read; alice (demo) follows and unfollows, which leaves her list as it was.

const alice = DEMO_ACCOUNTS.find((a) => a.name === 'alice')!;

interface Key {
  sk: Uint8Array;
  pubkey: string;
  nsec: string;
}

function freshKey(): Key {
  const sk = generateSecretKey();
  return { sk, pubkey: getPublicKey(sk), nsec: nsecEncode(sk) };
}

function sign(key: Key, template: Omit<EventTemplate, 'created_at'> & { created_at?: number }): NostrEvent {
  return finalizeEvent({ created_at: Math.floor(Date.now() / 1000) - 60, ...template }, key.sk);
}

async function publish(origin: string, events: NostrEvent[]): Promise<void> {
  expect(await publishToRelay(relayUrlOf(origin), events)).toBe(events.length);
}

/** The newest stored event of `kind` by `pubkey` on the relay. */
async function newest(origin: string, kind: number, pubkey: string, d?: string): Promise<NostrEvent | undefined> {
  const events = await queryRelay(relayUrlOf(origin), {
    kinds: [kind],
    authors: [pubkey],
    ...(d ? { '#d': [d] } : {}),
  });
  return events.sort((a, b) => b.created_at - a.created_at)[0];
}

const pTags = (event: NostrEvent | undefined) => (event?.tags ?? []).filter((t) => t[0] === 'p').map((t) => t[1]);

async function signIn(page: Page, nsec: string): Promise<void> {
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await createPin.getByRole('button', { name: 'Continue without PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });
}

/** A user with a profile (kind 0) and one note, so their profile page is found. */
async function author(origin: string, name: string, note: string): Promise<Key> {
  const key = freshKey();
  await publish(origin, [
    sign(key, { kind: 0, content: JSON.stringify({ name, display_name: name }), tags: [] }),
    sign(key, { kind: 1, content: note, tags: [] }),
  ]);
  return key;
}

test('alice follows and unfollows from a profile and from a note menu: her latest list changes by exactly that account', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const problems = watchPage(page, origin);
  const target = await author(origin, 'follow_target', 'a note to be followed for');
  const before = await newest(origin, 3, alice.pubkey);
  expect(pTags(before).length).toBeGreaterThan(2);

  await signIn(page, nsecEncode(hexToBytes(alice.secretKeyHex)));
  await page.goto(`/p/${npubEncode(target.pubkey)}`);
  const button = page.getByRole('main').getByTestId('follow-button');
  await expect(button).toHaveText('Follow');
  await button.click();
  await expect(button).toHaveText('Unfollow', { timeout: 30_000 });
  const followed = await newest(origin, 3, alice.pubkey);
  expect(pTags(followed)).toEqual([...pTags(before), target.pubkey]);
  // Every other tag and the relay JSON content are untouched.
  expect(followed?.content).toBe(before?.content);
  expect(followed?.tags.filter((t) => t[1] !== target.pubkey)).toEqual(before?.tags);

  await button.click();
  await expect(button).toHaveText('Follow', { timeout: 30_000 });
  const unfollowed = await newest(origin, 3, alice.pubkey);
  expect(unfollowed?.tags).toEqual(before?.tags);
  expect(unfollowed?.content).toBe(before?.content);

  // The same from the note menu of the target's note.
  const note = page.getByRole('main').getByTestId('note').filter({ hasText: 'a note to be followed for' });
  const menuItem = async (name: string) => {
    const item = page.getByRole('menuitem', { name });
    await expect(async () => {
      if (!(await item.isVisible())) await note.getByRole('button', { name: 'Note actions' }).click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await item.click();
  };
  await menuItem('Follow follow_target');
  await expect(button).toHaveText('Unfollow', { timeout: 30_000 });
  expect(pTags(await newest(origin, 3, alice.pubkey))).toEqual([...pTags(before), target.pubkey]);
  await menuItem('Unfollow follow_target');
  await expect(button).toHaveText('Follow', { timeout: 30_000 });
  expect((await newest(origin, 3, alice.pubkey))?.tags).toEqual(before?.tags);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(problems.consoleErrors).toEqual([]);
});

test('a tiny follow list: the follow warning opens before a change that leaves under 2 entries; no list yet publishes [target]', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = baseURL!;
  const problems = watchPage(page, origin);
  const first = await author(origin, 'first_follow', 'first followed note');
  const second = await author(origin, 'second_follow', 'second followed note');
  const me = freshKey();
  const relays = JSON.stringify({ [relayUrlOf(origin)]: { read: true, write: true } });
  await publish(origin, [
    sign(me, {
      kind: 3,
      content: relays,
      tags: [
        ['p', first.pubkey],
        ['t', 'keepme'],
      ],
    }),
  ]);

  await signIn(page, me.nsec);
  await page.goto(`/p/${npubEncode(second.pubkey)}`);
  const button = page.getByRole('main').getByTestId('follow-button');
  await expect(button).toHaveText('Follow');
  await button.click(); // 2 entries: no warning
  await expect(button).toHaveText('Unfollow', { timeout: 30_000 });
  let list = await newest(origin, 3, me.pubkey);
  expect(list?.tags).toEqual([
    ['p', first.pubkey],
    ['t', 'keepme'],
    ['p', second.pubkey],
  ]);
  expect(list?.content).toBe(relays);

  // Unfollowing would leave 1 entry: the warning opens instead of publishing; Cancel publishes nothing.
  await button.click();
  const warning = page.getByRole('dialog', { name: 'Your follow list is almost empty' });
  await expect(warning).toBeVisible({ timeout: 30_000 });
  await expect(warning).toContainText('continuing may end up following just one account');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  expect((await newest(origin, 3, me.pubkey))?.id).toBe(list?.id);
  await expect(button).toHaveText('Unfollow');

  await button.click();
  await expect(warning).toBeVisible({ timeout: 30_000 });
  await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(button).toHaveText('Follow', { timeout: 30_000 });
  list = await newest(origin, 3, me.pubkey);
  expect(list?.tags).toEqual([
    ['p', first.pubkey],
    ['t', 'keepme'],
  ]);
  expect(list?.content).toBe(relays);

  // A user with no contact list at all: Follow publishes [target], no warning.
  const newcomer = freshKey();
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await signIn(page, newcomer.nsec);
  await page.goto(`/p/${npubEncode(first.pubkey)}`);
  await page.getByRole('main').getByTestId('follow-button').click();
  await expect(page.getByRole('main').getByTestId('follow-button')).toHaveText('Unfollow', { timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(pTags(await newest(origin, 3, newcomer.pubkey))).toEqual([first.pubkey]);
  expect(problems.consoleErrors).toEqual([]);
});

test('muting a user and a word hides their notes at once and after a reload', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const origin = baseURL!;
  const problems = watchPage(page, origin);
  const loud = await author(origin, 'loud_author', 'loud author shouting about apples');
  const calm = freshKey();
  await publish(origin, [
    sign(calm, { kind: 0, content: JSON.stringify({ name: 'calm_author' }), tags: [] }),
    sign(calm, { kind: 1, content: 'calm thoughts on the zebracorn parade', tags: [] }),
    sign(calm, {
      kind: 1,
      content: 'calm thoughts on plain tea',
      tags: [],
      created_at: Math.floor(Date.now() / 1000) - 90,
    }),
  ]);
  const me = freshKey();
  await publish(origin, [
    sign(me, {
      kind: 3,
      content: '',
      tags: [
        ['p', loud.pubkey],
        ['p', calm.pubkey],
      ],
    }),
  ]);

  await signIn(page, me.nsec);
  const notes = page.getByRole('main').getByTestId('note');
  const loudNote = notes.filter({ hasText: 'loud author shouting' });
  const zebraNote = notes.filter({ hasText: 'zebracorn parade' });
  const teaNote = notes.filter({ hasText: 'plain tea' });
  await expect(loudNote).toBeVisible({ timeout: 30_000 });
  await expect(zebraNote).toBeVisible();

  // Mute the loud author from their note's menu: their note goes at once.
  // (The feed may still re-render as the viewer's lists arrive, closing a menu opened meanwhile: open until shown.)
  const muteItem = page.getByRole('menuitem', { name: 'Mute user' });
  await expect(async () => {
    if (!(await muteItem.isVisible())) await loudNote.getByRole('button', { name: 'Note actions' }).click();
    await expect(muteItem).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await muteItem.click();
  await expect(page.getByText('loud_author is muted')).toBeVisible({ timeout: 30_000 });
  await expect(loudNote).toHaveCount(0);
  let mutes = await newest(origin, 10000, me.pubkey);
  expect(mutes?.tags).toEqual([['p', loud.pubkey]]);

  // Mute a word in Settings → Muted; the note with it is gone from home, the other note of that author stays.
  await page.goto('/settings/muted');
  await expect(page.getByTestId('muted-users')).toContainText('loud_author');
  const form = page.getByTestId('mute-word-form');
  await form.getByLabel('Word to mute').fill('Zebracorn');
  await form.getByRole('button', { name: 'Mute' }).click();
  await expect(page.getByTestId('muted-words')).toContainText('zebracorn', { timeout: 30_000 });
  await expect(form.getByLabel('Word to mute')).toHaveValue('');
  mutes = await newest(origin, 10000, me.pubkey);
  expect(mutes?.tags).toEqual([
    ['p', loud.pubkey],
    ['word', 'zebracorn'],
  ]);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  await expect(teaNote).toBeVisible({ timeout: 30_000 });
  await expect(zebraNote).toHaveCount(0);
  await expect(loudNote).toHaveCount(0);
  await page.reload();
  await expect(teaNote).toBeVisible({ timeout: 30_000 });
  await expect(zebraNote).toHaveCount(0);
  await expect(loudNote).toHaveCount(0);
  expect(problems.consoleErrors).toEqual([]);
});

test('edit profile opens filled, checks the username, and saving keeps an unknown kind-0 field', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const problems = watchPage(page, origin);
  const me = freshKey();
  const original = {
    name: 'eve_before',
    display_name: 'Eve Before',
    about: 'old about',
    lud06: 'lnurl1dp68gurn8ghj7um9wfmxjcm99e3k7mf0v9cxj0m385ekvcenxc6r2c35',
    tide_unknown_field: { keep: ['me', 1] },
  };
  await publish(origin, [
    sign(me, { kind: 0, content: JSON.stringify(original), tags: [['i', 'github:eve', 'proof']] }),
  ]);

  await signIn(page, me.nsec);
  await page.goto('/settings/profile');
  const form = page.getByTestId('edit-profile-form');
  const username = form.getByLabel('Username');
  await expect(username).toHaveValue('eve_before', { timeout: 30_000 });
  await expect(form.getByLabel('Display name')).toHaveValue('Eve Before');
  await expect(form.getByLabel('About')).toHaveValue('old about');

  await username.fill('eve after');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Username is not valid')).toBeVisible();
  await expect(form.getByText('Spaces and special characters are not allowed in the username')).toBeVisible();

  await username.fill('eve_after');
  await form.getByLabel('About').fill('new about');
  // Avatar upload to the caching service's media store fills the avatar address.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByTestId('upload-avatar').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByLabel('Avatar image address')).toHaveValue(/^https?:\/\//, { timeout: 30_000 });
  const avatarUrl = await form.getByLabel('Avatar image address').inputValue();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible({ timeout: 30_000 });

  const stored = await newest(origin, 0, me.pubkey);
  const json = JSON.parse(stored?.content ?? '{}');
  expect(json).toMatchObject({
    name: 'eve_after',
    display_name: 'Eve Before',
    about: 'new about',
    lud06: original.lud06,
    tide_unknown_field: { keep: ['me', 1] },
    picture: avatarUrl,
  });
  expect(stored?.tags).toEqual([['i', 'github:eve', 'proof']]);
  // The caching service holds the same event (imported after the relay's OK).
  await expect
    .poll(async () => {
      const infos = await cacheRequest(cacheUrlOf(origin), 'user_infos', { pubkeys: [me.pubkey] });
      return infos.find((e) => e.kind === 0 && e.pubkey === me.pubkey)?.id;
    })
    .toBe(stored?.id);

  // The profile page shows the new profile.
  await page.goto(`/p/${npubEncode(me.pubkey)}`);
  await expect(page.getByTestId('profile-about')).toContainText('new about');
  expect(problems.consoleErrors).toEqual([]);
});

test('follow all / unfollow all on a people list, and a PIN-stored key opens the PIN prompt before muting', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = baseURL!;
  const problems = watchPage(page, origin);
  const first = await author(origin, 'all_first', 'first of all');
  const second = await author(origin, 'all_second', 'second of all');
  const hub = await author(origin, 'people_hub', 'a hub of people');
  await publish(origin, [
    sign(hub, {
      kind: 3,
      content: '',
      tags: [
        ['p', first.pubkey],
        ['p', second.pubkey],
      ],
    }),
  ]);
  const me = freshKey();
  const PIN = '8642';

  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Private key (nsec)').fill(me.nsec);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const createPin = page.getByRole('dialog', { name: 'Create PIN' });
  await createPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await createPin.getByLabel('Repeat PIN').fill(PIN);
  await createPin.getByRole('button', { name: 'Create PIN' }).click();
  await expect(createPin).toBeHidden({ timeout: 30_000 });

  // Opening the address loads the page again: the PIN-stored key waits for its PIN.
  await page.goto(`/p/${npubEncode(hub.pubkey)}`);
  const enterPin = page.getByRole('dialog', { name: 'Enter PIN' });
  await enterPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await enterPin.getByRole('button', { name: 'Unlock' }).click();
  await expect(enterPin).toBeHidden({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Following' }).click();
  const all = page.getByTestId('follow-all-button');
  await expect(all).toHaveText('Follow all', { timeout: 30_000 });
  await all.click();
  await expect(all).toHaveText('Unfollow all', { timeout: 30_000 });
  expect(pTags(await newest(origin, 3, me.pubkey)).sort()).toEqual([first.pubkey, second.pubkey].sort());
  await expect(page.getByTestId('profile-person').getByTestId('follow-button')).toHaveText(['Unfollow', 'Unfollow']);

  await all.click(); // would leave none: the warning first
  const warning = page.getByRole('dialog', { name: 'Your follow list is almost empty' });
  await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(all).toHaveText('Follow all', { timeout: 30_000 });
  expect(pTags(await newest(origin, 3, me.pubkey))).toEqual([]);

  // After a reload the key waits for its PIN: dismissed, Mute asks for it again; unlocked, Mute publishes.
  await page.reload();
  await expect(enterPin).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(enterPin).toBeHidden();
  const openMenu = async () => {
    await page.getByRole('main').getByRole('button', { name: 'Profile actions' }).click();
    return page.getByRole('menuitem', { name: 'Mute user' });
  };
  await (await openMenu()).click();
  await expect(enterPin).toBeVisible();
  expect(await newest(origin, 10000, me.pubkey)).toBeUndefined();
  await enterPin.getByLabel('PIN', { exact: true }).fill(PIN);
  await enterPin.getByRole('button', { name: 'Unlock' }).click();
  await expect(enterPin).toBeHidden({ timeout: 30_000 });
  await (await openMenu()).click();
  await expect(page.getByText('people_hub is muted')).toBeVisible({ timeout: 30_000 });
  expect(pTags(await newest(origin, 10000, me.pubkey))).toEqual([hub.pubkey]);
  expect(problems.consoleErrors).toEqual([]);
});

test("following another user's mute list hides whom it mutes; its scopes and the allow list are edited in Settings", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = baseURL!;
  const problems = watchPage(page, origin);
  const spammer = await author(origin, 'list_spammer', 'spammy offer from the list spammer');
  const owner = await author(origin, 'list_owner', 'i keep a mute list');
  await publish(origin, [sign(owner, { kind: 10000, content: '', tags: [['p', spammer.pubkey]] })]);
  const friend = await author(origin, 'allowed_friend', 'a friend to allow');
  const me = freshKey();
  await publish(origin, [
    sign(me, {
      kind: 3,
      content: '',
      tags: [
        ['p', spammer.pubkey],
        ['p', owner.pubkey],
      ],
    }),
  ]);

  await signIn(page, me.nsec);
  const spam = page.getByRole('main').getByTestId('note').filter({ hasText: 'spammy offer' });
  await expect(spam).toBeVisible({ timeout: 30_000 });

  await page.goto(`/mutelist/${npubEncode(owner.pubkey)}`);
  await expect(page.getByTestId('mute-list')).toContainText('list_spammer', { timeout: 30_000 });
  await page.getByTestId('follow-mutelist-button').click();
  await expect(page.getByText('You follow this mute list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('follow-mutelist-button')).toHaveText('Unfollow mute list');
  let lists = await newest(origin, 30000, me.pubkey, 'mutelists');
  expect(lists?.tags).toEqual([
    ['d', 'mutelists'],
    ['p', me.pubkey, '', '', '["content","trending"]'],
    ['p', owner.pubkey, '', '', '["content","trending"]'],
  ]);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  await expect(page.getByRole('main').getByTestId('note').filter({ hasText: 'i keep a mute list' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(spam).toHaveCount(0);

  // Settings → Muted: the own entry has no remove button; the owner's list applies to trending only from now on.
  await page.goto('/settings/muted');
  const filterLists = page.getByTestId('filter-lists');
  await expect(filterLists).toContainText('Your mute list', { timeout: 30_000 });
  await expect(filterLists).toContainText('list_owner');
  await expect(filterLists.getByRole('button')).toHaveCount(1);
  await filterLists.getByRole('checkbox', { name: 'Hide in feeds and threads' }).uncheck();
  await expect
    .poll(
      async () => (await newest(origin, 30000, me.pubkey, 'mutelists'))?.tags.find((t) => t[1] === owner.pubkey)?.[4],
    )
    .toBe('["trending"]');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  await expect(spam).toBeVisible({ timeout: 30_000 });

  // Unfollowing the list keeps the own entry.
  await page.goto('/settings/muted');
  await filterLists.getByRole('button', { name: 'Unfollow the mute list of list_owner' }).click();
  await expect(filterLists).not.toContainText('list_owner', { timeout: 30_000 });
  lists = await newest(origin, 30000, me.pubkey, 'mutelists');
  expect(lists?.tags).toEqual([
    ['d', 'mutelists'],
    ['p', me.pubkey, '', '', '["content","trending"]'],
  ]);

  // The allow list: a bad key is refused, an npub is added and removed.
  const allowForm = page.getByTestId('allow-form');
  await allowForm.getByLabel('Public key to allow (npub or hex)').fill('npub1nonsense');
  await allowForm.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('This is not a valid public key')).toBeVisible();
  await allowForm.getByLabel('Public key to allow (npub or hex)').fill(npubEncode(friend.pubkey));
  await allowForm.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByTestId('allow-list')).toContainText('allowed_friend', { timeout: 30_000 });
  const allowList = (
    await queryRelay(relayUrlOf(origin), { kinds: [30000], authors: [me.pubkey], '#d': ['allowlist'] })
  )[0];
  expect(allowList?.tags).toEqual([
    ['d', 'allowlist'],
    ['p', friend.pubkey],
  ]);
  await page
    .getByTestId('allow-list')
    .getByRole('button', { name: 'Remove allowed_friend from the allow list' })
    .click();
  await expect(page.getByTestId('allow-list')).not.toContainText('allowed_friend', { timeout: 30_000 });
  expect(problems.consoleErrors).toEqual([]);
});
