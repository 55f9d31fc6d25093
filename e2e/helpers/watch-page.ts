import type { Page } from '@playwright/test';

/** What went wrong on a page while a test drove it. */
export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
  webSockets: string[];
}

/** Records console errors, page errors, failed or erroring requests to the app's own origin, and opened sockets. */
export function watchPage(page: Page, origin: string): PageProblems {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [], webSockets: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => problems.consoleErrors.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    if (req.url().startsWith(origin)) problems.failedRequests.push(`${req.url()} ${req.failure()?.errorText ?? ''}`);
  });
  page.on('response', (res) => {
    if (res.url().startsWith(origin) && res.status() >= 400)
      problems.failedRequests.push(`${res.url()} ${res.status()}`);
  });
  page.on('websocket', (ws) => problems.webSockets.push(ws.url()));
  return problems;
}
