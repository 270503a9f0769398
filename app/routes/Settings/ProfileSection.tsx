import { useUserStore } from '../../state/useUserStore';
import { ProfileForm } from './ProfileForm';
import { ProfilePicture } from './ProfilePicture';
import './profile.css';

/** Settings' Profile (spec §2): her picture, Name, Age Range, Location and Save Profile. */
export function ProfileSection() {
  const user = useUserStore((state) => state.user);
  if (!user) return null;
  return (
    <section className="card settings__section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <ProfilePicture user={user} />
      <ProfileForm user={user} />
    </section>
  );
}
