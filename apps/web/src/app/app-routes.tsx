import { Navigate, Route, Routes } from 'react-router';
import { MainLayout } from './main-layout.tsx';
import { PublicLayout } from './public-layout.tsx';
import { layoutRoutes, notFoundScreen, publicRoutes, redirectRoutes } from './routes-table.ts';

const NotFound = notFoundScreen;

/** Every route of spec §2 in declarative react-router: public pages, redirects, layout screens, not-found. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {publicRoutes.map(({ path, screen: Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Route>
      <Route element={<MainLayout />}>
        {redirectRoutes.map(({ path, to }) => (
          <Route key={path} path={path} element={<Navigate to={to} replace />} />
        ))}
        {layoutRoutes.map(({ path, screen: Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
