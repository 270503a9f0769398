import { Link } from 'react-router-dom';
import { PERSONAS } from '@shared/personas';
import { FREE_CHAT_IS } from '@shared/plans';
import { BrandLink } from '../../components/BrandLink';
import { Spinner } from '../../components/ui/Spinner';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useUserStore } from '../../state/useUserStore';
import { HeroDialog } from './HeroDialog';
import { LandingFooter } from './LandingFooter';
import { LandingSection } from './LandingSection';
import { PersonaCards } from './PersonaCards';
import { PlanList } from './PlanList';
import { SampleChats } from './SampleChats';
import { TeaserBar } from './TeaserBar';
import { Testimonials } from './Testimonials';
import { useSignedInRedirect } from './useSignedInRedirect';
import { PERSONAS_SECTION, PLANS_SECTION } from './scrollToSection';
import './landing.css';

/** The landing page (spec §2). A signed-in user is sent on to her chats. */
export function Landing() {
  useDocumentTitle(null);
  useSignedInRedirect();
  const { status, user } = useUserStore();
  if (status === 'loading' || user) return <Spinner fullScreen label="Loading" />;

  return (
    <div className="landing">
      <header className="landing__header">
        <BrandLink className="brand-bar__logo" />
        <Link to="/auth?ref=login" className="btn btn--secondary landing__login">
          Login
        </Link>
      </header>
      <main>
        <section className="hero">
          <div className="hero__faces" aria-hidden="true">
            {PERSONAS.map((persona) => (
              <PersonaAvatar key={persona.id} persona={persona} size={56} />
            ))}
          </div>
          <h1 className="hero__title">Ask your AI bestie anything</h1>
          <p className="hero__lead">
            Five AI besties who listen, hype you up and help you figure it out, any time of day or
            night. They're AI, not people, and they're always on your side.
          </p>
          <HeroDialog />
          <p className="hero__small">{FREE_CHAT_IS} No card needed.</p>
        </section>
        <LandingSection
          id={PERSONAS_SECTION}
          title="Meet your besties"
          lead="Five AI personalities, one for every mood. Pick the vibe you need today."
        >
          <PersonaCards />
        </LandingSection>
        <LandingSection
          id="samples"
          title="What your bestie might say"
          lead="Sample conversations, written to show each bestie's style."
        >
          <SampleChats />
        </LandingSection>
        <LandingSection id="testimonials" title="Bestie-approved by 10,000+ girls">
          <Testimonials />
        </LandingSection>
        <LandingSection
          id={PLANS_SECTION}
          title="Pick your bestie plan"
          lead="Unlock every bestie, for a day, a month, a year or forever."
        >
          <PlanList />
        </LandingSection>
      </main>
      <LandingFooter />
      <TeaserBar />
      <Link to="/chat?bestie=cassie" className="btn btn--primary btn--large landing__float">
        Start Chatting
      </Link>
    </div>
  );
}
