import { Trans } from '@lingui/react/macro';
import { useSiteSetting } from '../../services/queries';
import { Detail, DetailList } from '../../ui/list';
import { formatWireAmount } from '../../ui/money';
import { ErrorMessage, Page } from '../../ui/page';
import { PageSpinner } from '../../ui/spinner';
import { AdminNav } from './admin-nav';

const NOT_SET = '—';

export default function AdminSettingsPage() {
  const setting = useSiteSetting();
  return (
    <Page>
      <AdminNav />
      {setting.isPending && <PageSpinner />}
      {setting.isError && (
        <ErrorMessage>
          <Trans>Failed to load site settings.</Trans>
        </ErrorMessage>
      )}
      {setting.data && (
        <DetailList>
          <Detail label={<Trans>WhatsApp Support</Trans>}>
            {setting.data.whatsappLink ?? NOT_SET}
          </Detail>
          <Detail label={<Trans>Telegram</Trans>}>{setting.data.telegramLink ?? NOT_SET}</Detail>
          <Detail label={<Trans>Email</Trans>}>{setting.data.emailLink ?? NOT_SET}</Detail>
          <Detail label={<Trans>Minimum amount</Trans>}>
            {formatWireAmount(setting.data.transferMin, 2)} USDT
          </Detail>
          <Detail label={<Trans>Transfer fee</Trans>}>
            {formatWireAmount(setting.data.transferCharge, 2)} %
          </Detail>
        </DetailList>
      )}
    </Page>
  );
}
