import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { HeroDialog } from './HeroDialog';
import { PersonaCards } from './PersonaCards';
import { PlanList } from './PlanList';
import './landing.css';

/** The landing page (spec §2). Sample chats, testimonials and the desktop teaser bar come later. */
export function Landing() {
  useDocumentTitle(null);
  return (
    <div className="landing">
      <header className="landing__header">
        <Link to="/" className="brand-bar__logo">
          Besties
        </Link>
        <Link to="/auth?ref=login" className="btn btn--ghost">
          Login
        </Link>
      </header>
      <main>
        <section className="hero">
          <h1 className="hero__title">Ask your AI bestie anything</h1>
          <p className="hero__lead">
            Five AI besties who listen, hype you up and help you figure it out, any time of day or
            night.
          </p>
          <HeroDialog />
        </section>
        <section id="personas" className="landing__section" aria-labelledby="personas-title">
          <h2 id="personas-title">Meet your besties</h2>
          <PersonaCards />
        </section>
        <section id="plans" className="landing__section" aria-labelledby="plans-title">
          <h2 id="plans-title">Pick your bestie plan</h2>
          <PlanList />
        </section>
      </main>
      <Link to="/chat?bestie=cassie" className="btn btn--primary landing__float">
        Start Chatting
      </Link>
      <footer className="landing__footer">
        <a href="/privacy" target="_blank" rel="noopener">
          Privacy Policy
        </a>
        <p>© {new Date().getFullYear()} Besties. Your besties are AI, not people.</p>
      </footer>
    </div>
  );
}
