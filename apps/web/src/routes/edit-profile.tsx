import { EditProfileFrame } from '../features/profile/edit-profile-frame.tsx';

/** `/settings/profile`: edit your profile. */
export function Page() {
  return <EditProfileFrame />;
}
