import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { CHAT_WIDGET_PAGE_PATH } from '../../../../common/contract';
import { fieldLabelStyle } from '../../../ui/text-field';
import { SECTION_FIELDS, type SettingsForm } from './settings-model';
import {
  FieldPair,
  FigureField,
  LinkField,
  SectionCard,
  useSettingsSection,
} from './settings-section';
import { flexRow } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * The support, transfer and withdrawal groups of the site settings. Each is saved on its
 * own; see settings-trading.tsx for the trading group.
 */

/** Support links (WhatsApp, Telegram, email) and the help page's chat widget. */
export function SupportSection({ saved }: { saved: SettingsForm }) {
  const { t } = useLingui();
  const form = useSettingsSection(SECTION_FIELDS.support, saved);
  const helpPage = CHAT_WIDGET_PAGE_PATH;
  return (
    <SectionCard
      title={<Trans>Support</Trans>}
      description={
        <Trans>
          Shown to members on the settings and help pages and behind the header&apos;s support
          button. Leave a link empty to remove it.
        </Trans>
      }
      form={form}
    >
      <LinkField
        label={t`WhatsApp link`}
        placeholder="https://wa.me/15551234567"
        {...form.bindText('whatsappLink')}
      />
      <LinkField
        label={t`Telegram link`}
        placeholder="https://t.me/yoursupport"
        {...form.bindText('telegramLink')}
      />
      <LinkField
        label={t`Email link`}
        placeholder="mailto:support@example.com"
        hint={<Trans>A link starting with https://, http:// or mailto:.</Trans>}
        {...form.bindText('emailLink')}
      />
      <LinkField
        label={t`Live-chat widget script`}
        placeholder="https://chat.example.com/widget.js"
        hint={
          <Trans>
            An https:// script address. It is loaded only on the help page ({helpPage}), which shows
            the support links instead when this is empty. The script runs with that page&apos;s
            rights: choose a vendor you trust.
          </Trans>
        }
        {...form.bindText('chatWidgetUrl')}
      />
    </SectionCard>
  );
}

/** The minimum transfer and the transfer fee. */
export function TransfersSection({ saved }: { saved: SettingsForm }) {
  const { t } = useLingui();
  const form = useSettingsSection(SECTION_FIELDS.transfers, saved);
  return (
    <SectionCard
      title={<Trans>Transfers</Trans>}
      description={<Trans>Applies to new transfers between members by Pay ID.</Trans>}
      form={form}
    >
      <FieldPair>
        <FigureField label={t`Minimum transfer`} suffix="USDT" {...form.bindText('transferMin')} />
        <FigureField
          label={t`Transfer fee`}
          suffix="%"
          hint={<Trans>0 to 100, of the amount sent.</Trans>}
          {...form.bindText('transferCharge')}
        />
      </FieldPair>
    </SectionCard>
  );
}

/** Dual approval of large withdrawals: off, or from an amount. */
export function WithdrawalsSection({ saved }: { saved: SettingsForm }) {
  const { t } = useLingui();
  const form = useSettingsSection(SECTION_FIELDS.withdrawals, saved);
  const on = form.values.dualApprovalOn;
  return (
    <SectionCard
      title={<Trans>Withdrawals</Trans>}
      description={
        <Trans>
          Dual approval: withdrawals at or above the amount need the approval of two different
          admins before they are paid out. Turning it off or raising the amount takes effect once
          another admin approves it.
        </Trans>
      }
      form={form}
    >
      <Choices>
        <legend>
          <Trans>Dual approval</Trans>
        </legend>
        <Choice>
          <input
            type="radio"
            name="dualApprovalOn"
            checked={!on}
            onChange={() => form.set('dualApprovalOn', false)}
          />
          <Trans>Off</Trans>
        </Choice>
        <Choice>
          <input
            type="radio"
            name="dualApprovalOn"
            checked={on}
            onChange={() => form.set('dualApprovalOn', true)}
          />
          <Trans>From an amount</Trans>
        </Choice>
      </Choices>
      {on && (
        <FigureField
          label={t`Two approvals from`}
          suffix="USDT"
          placeholder="1000"
          {...form.bindText('withdrawalDualApproval')}
        />
      )}
    </SectionCard>
  );
}

const Choices = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.md};
  padding: 0;
  border: 0;

  legend {
    padding: 0;
    margin-bottom: ${theme.space.xs};
    ${fieldLabelStyle}
  }
`;

const Choice = styled.label`
  ${flexRow(theme.space.sm)}
  min-height: ${theme.sizes.touchPx + 4}px;
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${theme.colors.primary};
    background: rgba(108, 124, 255, 0.12);
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    accent-color: ${theme.colors.primary};
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;
