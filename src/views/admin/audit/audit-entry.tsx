import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { AuditEntryView } from '../../../../common/contract';
import { useDateTime } from '../../../ui/date-time';
import { Mono, StackedRow, smallCapsStyle } from '../console/admin-ui';
import {
  ACTION_LABELS,
  TARGET_TYPE_LABELS,
  auditChanges,
  auditHref,
  microsReading,
  targetHref,
  type AuditChange,
} from './audit-model';
import { flexColumn } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * One entry of the audit log: when, who, what, on what and why, and the changed keys of
 * its before and after. Everything recorded is shown as plain text: names and values may
 * come from users (a full name such as "<b>x</b>") and must never become markup.
 */
export function AuditEntry({ entry }: { entry: AuditEntryView }) {
  const { i18n, t } = useLingui();
  const dateTime = useDateTime();
  const label = ACTION_LABELS[entry.action];
  const typeLabel = TARGET_TYPE_LABELS[entry.targetType];
  const page = targetHref(entry.targetType, entry.targetId);
  const changes = auditChanges(entry.before, entry.after);
  const count = changes.length;
  return (
    <Item>
      <Top>
        <Cell $slot="action">
          <strong>{label ? i18n._(label) : entry.action}</strong>
          <Code>{entry.action}</Code>
        </Cell>
        <Cell $slot="when">
          <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
          {entry.ip && <small>IP {entry.ip}</small>}
        </Cell>
        <Cell $slot="actor">
          <Caption>
            <Trans>By</Trans>
          </Caption>
          {entry.actor ? (
            <Link
              href={auditHref({ filter: { actor: entry.actor._id } })}
              title={t`Entries by this admin`}
            >
              {entry.actor.username || entry.actor._id}
            </Link>
          ) : (
            <Faint>
              <Trans>Not recorded</Trans>
            </Faint>
          )}
        </Cell>
        <Cell $slot="target">
          <Caption>{typeLabel ? i18n._(typeLabel) : entry.targetType}</Caption>
          {entry.targetId !== null && (
            <>
              {page ? (
                <Link href={page}>
                  <Code>{entry.targetId}</Code>
                </Link>
              ) : (
                <Code>{entry.targetId}</Code>
              )}
              <Link
                href={auditHref({
                  filter: { targetType: entry.targetType, targetId: entry.targetId },
                })}
              >
                <small>
                  <Trans>All entries for it</Trans>
                </small>
              </Link>
            </>
          )}
        </Cell>
      </Top>
      {entry.reason && (
        <Reason>
          <Caption>
            <Trans>Reason</Trans>
          </Caption>
          <span>{entry.reason}</span>
        </Reason>
      )}
      {count > 0 && (
        <Details>
          <summary>
            <Trans>Changes ({count})</Trans>
          </summary>
          <Changes>
            {changes.map((change) => (
              <ChangeRow key={change.key} change={change} />
            ))}
          </Changes>
        </Details>
      )}
    </Item>
  );
}

/** One changed key: the value before, then after; a missing side reads "(none)". */
function ChangeRow({ change }: { change: AuditChange }) {
  const { t } = useLingui();
  const none = t`(none)`;
  const before = microsReading(change.key, change.before);
  const after = microsReading(change.key, change.after);
  return (
    <li>
      {change.key !== '' && <Key>{change.key}</Key>}
      <Sides>
        <Value $side="before" aria-label={t`Before`}>
          {change.before ?? <Faint>{none}</Faint>}
          {before && <Faint> = {before}</Faint>}
        </Value>
        <Arrow aria-hidden="true">→</Arrow>
        <Value $side="after" aria-label={t`After`}>
          {change.after ?? <Faint>{none}</Faint>}
          {after && <Faint> = {after}</Faint>}
        </Value>
      </Sides>
    </li>
  );
}

const Item = styled(StackedRow)`
  gap: ${theme.space.sm};
`;

/** Phone: action over when, actor and target side by side. Desktop: four columns. */
const Top = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  grid-template-areas:
    'action action'
    'when when'
    'actor target';
  gap: ${theme.space.sm} ${theme.space.lg};

  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 0.8fr) minmax(0, 1.3fr);
    grid-template-areas: 'action when actor target';
    align-items: start;
  }
`;

const Cell = styled.div<{ $slot: 'action' | 'when' | 'actor' | 'target' }>`
  grid-area: ${({ $slot }) => $slot};
  ${flexColumn('2px')}
  min-width: 0;
  font-size: ${({ theme, $slot }) => ($slot === 'action' ? theme.fontSizes.md : theme.fontSizes.sm)};
  color: ${({ theme, $slot }) => ($slot === 'when' ? theme.colors.textMuted : theme.colors.text)};
  overflow-wrap: anywhere;

  strong {
    font-weight: ${theme.fontWeights.semibold};
  }
  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textFaint};
  }
  a {
    color: ${theme.colors.primaryHover};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Code = styled(Mono)`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};

  a & {
    color: inherit;
  }
`;

const Caption = styled.span`
  ${smallCapsStyle}
`;

const Faint = styled.span`
  color: ${theme.colors.textFaint};
`;

const Reason = styled.p`
  ${flexColumn('2px')}
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceRaised};
  font-size: ${theme.fontSizes.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Details = styled.details`
  font-size: ${theme.fontSizes.sm};

  summary {
    width: fit-content;
    padding: ${theme.space.xs} 0;
    color: ${theme.colors.primaryHover};
    font-weight: ${theme.fontWeights.semibold};
    cursor: pointer;
  }
`;

const Changes = styled.ul`
  ${flexColumn(theme.space.md)}
  margin: ${theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
`;

const Key = styled.code`
  display: block;
  margin-bottom: ${theme.space.xs};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** Before and after side by side from a tablet up, one above the other on a phone. */
const Sides = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.xs};

  @media (min-width: 600px) {
    grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
    align-items: start;
  }
`;

const Arrow = styled.span`
  justify-self: center;
  color: ${theme.colors.textFaint};
  line-height: 1;

  @media (max-width: 599px) {
    transform: rotate(90deg);
  }
`;

/** A value as recorded: monospace, wrapped, kept to a height that scrolls when long. */
const Value = styled.pre<{ $side: 'before' | 'after' }>`
  margin: 0;
  max-height: 240px;
  overflow: auto;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.sm};
  border: 1px solid
    ${({ $side }) => ($side === 'before' ? 'rgba(246, 70, 93, 0.3)' : 'rgba(34, 195, 142, 0.3)')};
  background: ${({ theme, $side }) =>
    $side === 'before' ? theme.colors.dangerSoft : theme.colors.successSoft};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
