import { Link } from 'react-router-dom';

export function LandingFooter() {
  return (
    <footer className="landing__footer">
      <nav className="landing__footer-links" aria-label="Legal">
        <a href="/privacy" target="_blank" rel="noopener">
          Privacy Policy
        </a>
        <Link to="/terms">Terms of Service</Link>
      </nav>
      <p className="landing__footer-note">
        Besties are AI companions, not people, and not a substitute for professional help. In crisis
        in the US? Call or text 988.
      </p>
      <p className="landing__copyright">© {new Date().getFullYear()} Besties</p>
    </footer>
  );
}
