/** Stub: filled in by issue 12's work. */
export function DataSection() {
  return null;
}
