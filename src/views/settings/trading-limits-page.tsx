import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  LIMIT_KINDS,
  SESSION_REMINDER_MINUTES,
  type LimitKind,
  type LimitState,
  type TradingLimits,
  type UpdateTradingLimitsBody,
} from '../../../common/contract/limits';
import { formatMicros, parseAmount } from '../../../common/money';
import { useChangeLimits, type LimitsChange } from '../../services/limits-mutations';
import { useTradingLimits } from '../../services/limits-queries';
import { describeLimitsError } from '../../services/error-messages';
import { useLoadView } from '../../services/load-view';
import { translate } from '../../services/messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { StackedForm } from '../../ui/form';
import { formatWireAmount } from '../../ui/money';
import { ErrorMessage, Muted, Page, TitledSection, WarningNote } from '../../ui/page';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { theme } from '../../ui/theme';
import { useToast } from '../../ui/toast';
import { LoadError } from '../shared/load-error';

/** The label of each limit, in the page's order (LIMIT_KINDS). */
const LIMIT_LABELS: Record<LimitKind, MessageDescriptor> = {
  lossDay: msg`Loss limit per day`,
  lossWeek: msg`Loss limit per week`,
  lossMonth: msg`Loss limit per month`,
  stake: msg`Maximum stake per trade`,
  depositDay: msg`Deposit limit per day`,
};

/** Time-out lengths offered, in days (1 day to 6 weeks). */
const TIMEOUT_DAYS = [1, 2, 3, 7, 14, 30, 42] as const;
/** Self-exclusion lengths offered, in months (6 months to 5 years). */
const EXCLUSION_MONTHS = [6, 12, 24, 36, 60] as const;

/** "1 day", "2 weeks": a time-out length. */
function timeoutLabel(days: number): MessageDescriptor {
  if (days % 7 === 0) {
    const weeks = days / 7;
    return msg`${plural(weeks, { one: '# week', other: '# weeks' })}`;
  }
  return msg`${plural(days, { one: '# day', other: '# days' })}`;
}

/** "6 months", "1 year": a self-exclusion length. */
function exclusionLabel(months: number): MessageDescriptor {
  if (months % 12 === 0) {
    const years = months / 12;
    return msg`${plural(years, { one: '# year', other: '# years' })}`;
  }
  return msg`${plural(months, { one: '# month', other: '# months' })}`;
}

/** The field text of a limit in force: the amount as typed ("25.5"), or empty for none. */
function fieldText(value: string | null): string {
  if (value === null) return '';
  return value.replace(/\.?0+$/, '');
}

type Fields = Record<LimitKind, string>;

function fieldsFrom(limits: TradingLimits): Fields {
  return Object.fromEntries(
    LIMIT_KINDS.map((kind) => [kind, fieldText(limits.limits[kind].value)]),
  ) as Fields;
}

/**
 * Settings → Trading limits (docs/product.md, "Trading limits"): loss limits per day, week
 * and month, the maximum stake, the daily deposit limit and the session reminder, then a
 * time-out and self-exclusion. The server enforces all of it; lowering applies at once,
 * raising or removing after 24 h, which the page shows with the time.
 */
export default function TradingLimitsPage() {
  const limits = useTradingLimits();
  const view = useLoadView(limits);
  if (!limits.data) {
    return (
      <Page>
        {view.failed ? (
          <LoadError onRetry={view.retry} busy={view.busy}>
            <Trans>Could not load your trading limits.</Trans>
          </LoadError>
        ) : (
          <Muted>
            <Trans>Loading…</Trans>
          </Muted>
        )}
      </Page>
    );
  }
  return <LimitsScreen limits={limits.data} />;
}

function LimitsScreen({ limits }: { limits: TradingLimits }) {
  return (
    <Page>
      {limits.block && <BlockNotice block={limits.block} />}
      <LimitsForm limits={limits} />
      <Breaks limits={limits} />
    </Page>
  );
}

function BlockNotice({ block }: { block: NonNullable<TradingLimits['block']> }) {
  const { i18n } = useLingui();
  const until = i18n.date(new Date(block.until), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <WarningNote role="status">
      {block.kind === 'timeout' ? (
        <Trans>
          You are taking a time-out until {until}. Trades and deposits are paused; withdrawals work
          as usual.
        </Trans>
      ) : (
        <Trans>
          You have excluded yourself until {until}. Trades and deposits are blocked; withdrawals
          work as usual.
        </Trans>
      )}
    </WarningNote>
  );
}

function LimitsForm({ limits }: { limits: TradingLimits }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const change = useChangeLimits();
  const [fields, setFields] = useState<Fields>(() => fieldsFrom(limits));
  const [reminder, setReminder] = useState<string>(String(limits.sessionReminderMinutes ?? ''));
  const [errors, setErrors] = useState<Partial<Record<LimitKind, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const body: UpdateTradingLimitsBody = {};
    const found: Partial<Record<LimitKind, string>> = {};
    for (const kind of LIMIT_KINDS) {
      const text = fields[kind].trim();
      const current = limits.limits[kind].value;
      if (text === '') {
        if (current !== null || limits.limits[kind].pending) body[kind] = null;
        continue;
      }
      const parsed = parseAmount(text);
      if (!parsed.ok || parsed.micros <= 0n) {
        found[kind] = t`Enter an amount above 0, or leave it empty for no limit.`;
        continue;
      }
      const wire = formatMicros(parsed.micros);
      if (wire !== current || limits.limits[kind].pending) body[kind] = wire;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const reminderMinutes = reminder === '' ? null : Number(reminder);
    if (reminderMinutes !== limits.sessionReminderMinutes) {
      body.sessionReminderMinutes =
        reminderMinutes as UpdateTradingLimitsBody['sessionReminderMinutes'];
    }
    if (Object.keys(body).length === 0) {
      toast({ tone: 'success', text: t`Nothing to change.` });
      return;
    }
    change.mutate(
      { kind: 'limits', body },
      {
        onSuccess: (next) => {
          setFields(fieldsFrom(next));
          const waiting = LIMIT_KINDS.some(
            (kind) => body[kind] !== undefined && next.limits[kind].pending !== null,
          );
          toast({
            tone: 'success',
            text: waiting
              ? t`Limits saved. A raised or removed limit applies after 24 hours.`
              : t`Limits saved.`,
          });
        },
      },
    );
  };

  return (
    <TitledSection titleId="limits-title" title={<Trans>Your limits</Trans>}>
      <Muted>
        <Trans>
          Lowering a limit takes effect at once. Raising or removing one takes effect after 24
          hours. Days, weeks (from Monday) and months are counted in UTC; open trades count as lost
          until they settle.
        </Trans>
      </Muted>
      <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Trading limits`}>
        {LIMIT_KINDS.map((kind) => (
          <TextField
            key={kind}
            label={i18n._(LIMIT_LABELS[kind])}
            name={kind}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t`No limit`}
            suffix="USDT"
            value={fields[kind]}
            onChange={(event) => setFields({ ...fields, [kind]: event.target.value })}
            error={errors[kind]}
            hint={<LimitHint state={limits.limits[kind]} />}
          />
        ))}
        <SelectField
          label={<Trans>Session reminder</Trans>}
          name="sessionReminderMinutes"
          value={reminder}
          onChange={(event) => setReminder(event.target.value)}
        >
          <option value="">{t`Off`}</option>
          {SESSION_REMINDER_MINUTES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {t`Every ${minutes} minutes`}
            </option>
          ))}
        </SelectField>
        {change.isError && (
          <ErrorMessage>{translate(i18n, describeLimitsError(change.error).message)}</ErrorMessage>
        )}
        <Button type="submit" block busy={change.isPending}>
          <Trans>Save limits</Trans>
        </Button>
      </StackedForm>
    </TitledSection>
  );
}

/** Under a limit's field: what its window has used, and a waiting raise or removal. */
function LimitHint({ state }: { state: LimitState }) {
  const { i18n } = useLingui();
  const when = (iso: string) =>
    i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const parts = [];
  if (state.value !== null && state.used !== null && state.resetsAt !== null) {
    const used = formatWireAmount(state.used);
    const limit = formatWireAmount(state.value);
    const resets = when(state.resetsAt);
    parts.push(
      <span key="used">
        <Trans>
          Used {used} of {limit} USDT · resets {resets}
        </Trans>
      </span>,
    );
  }
  if (state.pending) {
    const from = when(state.pending.effectiveAt);
    const value = state.pending.value === null ? null : formatWireAmount(state.pending.value);
    parts.push(
      <Pending key="pending">
        {value === null ? (
          <Trans>No limit from {from}</Trans>
        ) : (
          <Trans>
            {value} USDT from {from}
          </Trans>
        )}
      </Pending>,
    );
  }
  return parts.length > 0 ? <>{parts}</> : null;
}

type BreakRequest = Extract<LimitsChange, { kind: 'timeout' | 'selfExclude' }>;

/** Take a break (time-out) and self-exclusion: each asks once more, as it cannot be undone. */
function Breaks({ limits }: { limits: TradingLimits }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const change = useChangeLimits();
  const [days, setDays] = useState('1');
  const [months, setMonths] = useState('6');
  const [asking, setAsking] = useState<BreakRequest | null>(null);
  const blocked = limits.block !== null;
  const excluded = limits.block?.kind === 'self_exclusion';

  const confirm = () => {
    if (!asking) return;
    change.mutate(asking, {
      onSuccess: () => {
        setAsking(null);
        toast({
          tone: 'success',
          text:
            asking.kind === 'timeout'
              ? t`Your time-out has started.`
              : t`Your self-exclusion has started.`,
        });
      },
    });
  };

  return (
    <>
      <TitledSection titleId="timeout-title" title={<Trans>Take a break</Trans>}>
        <Muted>
          <Trans>
            A time-out stops trades and deposits for 1 day to 6 weeks. It cannot be ended early, by
            you or by support. Withdrawals keep working.
          </Trans>
        </Muted>
        <SelectField
          label={<Trans>Time-out length</Trans>}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          disabled={blocked}
        >
          {TIMEOUT_DAYS.map((n) => (
            <option key={n} value={String(n)}>
              {i18n._(timeoutLabel(n))}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          block
          disabled={blocked}
          onClick={() => setAsking({ kind: 'timeout', days: Number(days) })}
        >
          <Trans>Start time-out</Trans>
        </Button>
      </TitledSection>
      <TitledSection titleId="exclusion-title" title={<Trans>Self-exclusion</Trans>}>
        <Muted>
          <Trans>
            Self-exclusion blocks trades and deposits for 6 months to 5 years. It cannot be ended
            early, by you or by support. Withdrawals keep working.
          </Trans>
        </Muted>
        <SelectField
          label={<Trans>Self-exclusion length</Trans>}
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          disabled={excluded}
        >
          {EXCLUSION_MONTHS.map((n) => (
            <option key={n} value={String(n)}>
              {i18n._(exclusionLabel(n))}
            </option>
          ))}
        </SelectField>
        <Button
          variant="danger"
          block
          disabled={excluded}
          onClick={() => setAsking({ kind: 'selfExclude', months: Number(months) })}
        >
          <Trans>Exclude me</Trans>
        </Button>
      </TitledSection>
      {asking && (
        <ConfirmDialog
          title={
            asking.kind === 'timeout' ? (
              <Trans>Start a time-out?</Trans>
            ) : (
              <Trans>Exclude yourself?</Trans>
            )
          }
          tone="danger"
          confirmLabel={
            asking.kind === 'timeout' ? <Trans>Start time-out</Trans> : <Trans>Exclude me</Trans>
          }
          busy={change.isPending}
          onCancel={() => {
            change.reset();
            setAsking(null);
          }}
          onConfirm={confirm}
        >
          <Muted>
            <Trans>
              Trades and deposits stop at once and stay blocked until the end. Nobody can end it
              early, not even support.
            </Trans>
          </Muted>
          {change.isError && (
            <ErrorMessage>
              {translate(i18n, describeLimitsError(change.error).message)}
            </ErrorMessage>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

const Pending = styled.span`
  display: block;
  color: ${theme.colors.warning};
`;
