// Scroll bench: guest /home scrolled until 1,000 notes are loaded; prints the JS heap, the DOM node count and the
// longest main-thread task seen while scrolling (Long Tasks API). Targets: heap ≤ 80 MB, DOM nodes ≤ 3,000, no task
// over 100 ms. Needs `npm run build`; TIDE_BENCH_URL or a seeded server started here (see first-paint.bench.ts).
import { launchChromium, withSeededTide } from './first-paint.bench.ts';

const TARGET_NOTES = Number(process.env.TIDE_BENCH_NOTES ?? 1000);

await withSeededTide(async (url) => {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${url}/home`);
    await page
      .getByTestId('feed-selector')
      .selectOption({ label: 'All Notes' })
      .catch(() => undefined);
    await page.getByTestId('note').first().waitFor({ timeout: 120_000 });
    await page.evaluate(() => {
      (window as unknown as { longest: number }).longest = 0;
    });
    const count = () => page.getByTestId('note-list').getAttribute('data-count').then(Number);
    let loaded = await count();
    let stalls = 0;
    const started = Date.now();
    while (loaded < TARGET_NOTES && stalls < 60) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(100);
      const next = await count();
      stalls = next === loaded ? stalls + 1 : 0;
      loaded = next;
    }
    const seconds = (Date.now() - started) / 1000;
    const client = await page.context().newCDPSession(page);
    await client.send('HeapProfiler.collectGarbage');
    const heap = (await client.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
    console.log(`scroll-notes-loaded\t${loaded}\tnotes\ttarget ${TARGET_NOTES} (${seconds.toFixed(0)} s)`);
    console.log(`scroll-js-heap\t${heap.toFixed(1)}\tMB\ttarget <= 80`);
    console.log(`scroll-dom-nodes\t${nodes}\tnodes\ttarget <= 3000`);
    console.log(`scroll-longest-task\t${longest.toFixed(0)}\tms\ttarget <= 100`);
  } finally {
    await browser.close();
  }
});
