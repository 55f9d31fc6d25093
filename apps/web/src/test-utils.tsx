import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppIntlProvider } from './i18n/intl.tsx';

/** Renders UI the way the app does (intl catalogue + router), starting at `route`. */
export function renderWithApp(ui: ReactElement, route = '/') {
  return render(
    <AppIntlProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppIntlProvider>,
  );
}
