import { expect, test } from '@playwright/test';

const NAV_ITEMS = [
  '/home',
  '/reads',
  '/explore',
  '/dms',
  '/bookmarks',
  '/notifications',
  '/downloads',
  '/premium',
  '/settings',
  'sign-in',
  '/new',
];

test('Tab reaches every navigation item, each with a visible focus ring', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  const reached = new Map<string, { outline: string; width: number }>();
  for (let i = 0; i < 40 && reached.size < NAV_ITEMS.length; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.dataset.navItem) return null;
      const style = getComputedStyle(el);
      return { item: el.dataset.navItem, outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    if (focused) reached.set(focused.item, { outline: focused.outline, width: focused.width });
  }
  expect([...reached.keys()]).toEqual(NAV_ITEMS);
  for (const [item, ring] of reached) {
    expect(ring.outline, item).not.toBe('none');
    expect(ring.width, item).toBeGreaterThan(0);
  }
});

test('the sign-in dialog takes focus, traps it and gives it back on Escape', async ({ page }) => {
  await page.goto('/downloads');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Downloads');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await signIn.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.getByLabel('Private key (nsec)').fill('not a key');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid private key');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();
});

test('on a phone, Tab reaches the bottom bar, each item with a visible focus ring', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/downloads');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Downloads');
  const bar = page.getByRole('navigation', { name: 'Navigation', exact: true });
  const wanted = ['Home', 'Reads', 'Explore', 'Messages', 'Notifications', 'More'];
  const reached: string[] = [];
  for (let i = 0; i < 60 && reached.length < wanted.length; i++) {
    await page.keyboard.press('Tab');
    const focused = await bar.evaluate((nav) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !nav.contains(el)) return null;
      const style = getComputedStyle(el);
      return { name: el.getAttribute('aria-label'), ring: style.outlineStyle !== 'none' };
    });
    if (focused?.name) {
      expect(focused.ring, focused.name).toBe(true);
      reached.push(focused.name);
    }
  }
  expect(reached).toEqual(wanted);
});
