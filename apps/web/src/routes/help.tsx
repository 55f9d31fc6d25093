import { HelpFrame } from '../features/info/layout-pages.tsx';

/** `/help`. */
export function Page() {
  return <HelpFrame />;
}
