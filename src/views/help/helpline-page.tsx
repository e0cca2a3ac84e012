import { HelpContent } from './help-content';

export default function HelplinePage() {
  return <HelpContent />;
}
