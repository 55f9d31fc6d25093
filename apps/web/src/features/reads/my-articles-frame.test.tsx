import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Page } from '../../routes/my-articles.tsx';
import { renderWithApp } from '../../test-utils.tsx';

describe('My Articles', () => {
  it('shows the published tab with its empty state and moves to drafts through the URL', () => {
    renderWithApp(
      <Routes>
        <Route path="/myarticles/:tab?" element={<Page />} />
      </Routes>,
      '/myarticles',
    );
    expect(screen.getByText('No articles published')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Drafts' }));
    expect(screen.getByText('No drafts')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Drafts' }).getAttribute('aria-selected')).toBe('true');
  });
});
