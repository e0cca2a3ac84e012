import { Trans } from '@lingui/react/macro';
import { useSiteSetting } from '../../services/queries';
import { InfoIcon, ShieldCheckIcon } from '../../ui/icons';
import {
  EyeOffIcon,
  GaugeIcon,
  HistoryIcon,
  KeyIcon,
  LockIcon,
  UserIcon,
} from '../../ui/page-icons';
import { List, ListLink } from '../../ui/list';
import { Page, TitledSection } from '../../ui/page';
import { SupportLinks, SupportLinksSkeleton } from '../shared/support-links';
import { LoadError } from '../shared/load-error';
import { useLoadView } from '../../services/load-view';

/**
 * General (profile, password, security, KYC) and Help & Support: the support channels the site
 * settings provide, each only when set, and the privacy and about pages.
 */
export default function SettingsPage() {
  const setting = useSiteSetting();
  const settingView = useLoadView(setting);
  return (
    <Page>
      <TitledSection titleId="general-title" title={<Trans>General</Trans>}>
        <List>
          <ListLink to="/user/profile" icon={<UserIcon sizePx={20} />}>
            <Trans>Profile Setting</Trans>
          </ListLink>
          <ListLink to="/user/password" icon={<LockIcon sizePx={20} />}>
            <Trans>Password Change</Trans>
          </ListLink>
          <ListLink to="/settings/security" icon={<HistoryIcon sizePx={20} />}>
            <Trans>Security</Trans>
          </ListLink>
          <ListLink to="/settings/two-factor" icon={<KeyIcon sizePx={20} />}>
            <Trans>Two-factor authentication</Trans>
          </ListLink>
          <ListLink to="/settings/limits" icon={<GaugeIcon sizePx={20} />}>
            <Trans>Trading limits</Trans>
          </ListLink>
          <ListLink to="/kyc/submit-form" icon={<ShieldCheckIcon sizePx={20} />}>
            <Trans>KYC Verify</Trans>
          </ListLink>
        </List>
      </TitledSection>
      <TitledSection titleId="support-title" title={<Trans>Help & Support</Trans>}>
        <List>
          {setting.isPending && !settingView.failed ? (
            <SupportLinksSkeleton />
          ) : (
            <SupportLinks setting={setting.data} />
          )}
          <ListLink to="/privacy" icon={<EyeOffIcon sizePx={20} />}>
            <Trans>Privacy Portal</Trans>
          </ListLink>
          <ListLink to="/about" icon={<InfoIcon sizePx={20} />}>
            <Trans>About Us</Trans>
          </ListLink>
        </List>
        {settingView.failed && !setting.data && (
          <LoadError onRetry={settingView.retry} busy={settingView.busy}>
            <Trans>Could not load the support channels.</Trans>
          </LoadError>
        )}
      </TitledSection>
    </Page>
  );
}
