import { Trans } from '@lingui/react/macro';
import type { SiteSetting } from '../../../common/contract';
import { safeExternalUrl } from '../../services/safe-url';
import { ChatIcon, MailIcon, SendIcon } from '../../ui/page-icons';
import { ListExternalLink, ListItem } from '../../ui/list';
import { SkeletonText } from '../../ui/skeleton';

/** The support channels the site settings provide; each only when its link is set. */
export function SupportLinks({ setting }: { setting: SiteSetting | undefined }) {
  const whatsapp = safeExternalUrl(setting?.whatsappLink);
  const telegram = safeExternalUrl(setting?.telegramLink);
  const email = safeExternalUrl(setting?.emailLink);
  return (
    <>
      {whatsapp && (
        <ListExternalLink href={whatsapp} icon={<ChatIcon sizePx={20} />}>
          <Trans>WhatsApp Support</Trans>
        </ListExternalLink>
      )}
      {telegram && (
        <ListExternalLink href={telegram} icon={<SendIcon sizePx={20} />}>
          <Trans>Telegram</Trans>
        </ListExternalLink>
      )}
      {email && (
        <ListExternalLink href={email} icon={<MailIcon sizePx={20} />}>
          <Trans>Email</Trans>
        </ListExternalLink>
      )}
    </>
  );
}

/** The most channels there can be: WhatsApp, Telegram and email. */
export const SUPPORT_CHANNELS_MAX = 3;

/**
 * Rows in the shape of the channels while the site settings load, as many as there can be:
 * the rows after them may move up once loaded, but never down over what is being read.
 */
export function SupportLinksSkeleton() {
  return (
    <>
      {Array.from({ length: SUPPORT_CHANNELS_MAX }, (_, index) => (
        // An empty icon box: the box itself is the icon's placeholder.
        <ListItem key={index} icon={<span aria-hidden="true" />}>
          <SkeletonText $widthEm={index === 0 ? 9 : 6} />
        </ListItem>
      ))}
    </>
  );
}

export function hasSupportLinks(setting: SiteSetting | undefined): boolean {
  return [setting?.whatsappLink, setting?.telegramLink, setting?.emailLink].some(
    (link) => safeExternalUrl(link) !== null,
  );
}
