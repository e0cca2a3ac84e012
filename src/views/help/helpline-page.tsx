import { useSiteSetting } from '../../services/queries';
import { chatWidgetScriptUrl, useChatWidget } from './chat-widget';
import { HelpContent } from './help-content';

/** /helpline, open to anyone: the live chat when the site settings set one, else the links. */
export default function HelplinePage() {
  const setting = useSiteSetting();
  const chat = useChatWidget(chatWidgetScriptUrl(setting.data?.chatWidgetUrl));
  return <HelpContent chat={chat} />;
}
