import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { AppData } from './data/app-data.ts';
import { DataProvider } from './data/data-context.tsx';
import { createTestAppData } from './data/test-app-data.ts';
import { AppIntlProvider } from './i18n/intl.tsx';

/** Renders UI the way the app does (intl catalogue, data layer, router), starting at `route`. */
export function renderWithApp(ui: ReactElement, route = '/', data: AppData = createTestAppData()) {
  return render(
    <AppIntlProvider>
      <DataProvider data={data}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </DataProvider>
    </AppIntlProvider>,
  );
}
