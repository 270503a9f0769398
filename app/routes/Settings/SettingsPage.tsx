import { Link } from 'react-router-dom';
import { Icon } from '../../components/ui/Icon';
import { IconButton } from '../../components/ui/IconButton';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { InstallHelp } from '../../pwa/InstallHelp';
import { AccountSection } from './AccountSection';
import { DataSection } from './DataSection';
import { LogoutButton } from './LogoutButton';
import { MemoriesSection } from './MemoriesSection';
import { ProfileSection } from './ProfileSection';
import { PurchasesSection } from './PurchasesSection';
import { SessionsSection } from './SessionsSection';
import { ThemeSection } from './ThemeSection';
import './settings.css';

/**
 * /settings (guarded): her account, profile, theme, what her besties remember, devices and data
 * (spec §2).
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div className="settings">
      <header className="settings__bar">
        <IconButton label="Back to chat" to="/chat">
          <Icon size={24} stroke={2.5} d="M15 5l-7 7 7 7" />
        </IconButton>
        <h1 className="settings__title">Settings</h1>
      </header>
      <main className="settings__main">
        <InstallHelp />
        <AccountSection />
        <PurchasesSection />
        <ProfileSection />
        <ThemeSection />
        <MemoriesSection />
        <SessionsSection />
        <DataSection />
        <section className="card settings__section" aria-labelledby="privacy-title">
          <h2 id="privacy-title">Privacy</h2>
          <p className="muted">
            Your chats are private to your account. Your theme is kept on this device and on your
            account, so your other devices open in it too. You can download everything of yours or
            delete your account under Your data. Read our <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </section>
        <LogoutButton />
      </main>
    </div>
  );
}
