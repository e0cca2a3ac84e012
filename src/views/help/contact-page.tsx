import { HelpContent } from './help-content';

export default function ContactPage() {
  return <HelpContent />;
}
